import { ApiProperty } from '@nestjs/swagger';
import { TextField } from '@platform/contracts';
import { SurveyIdParam } from '../../common/id-params';

export class VersionDiffParams extends SurveyIdParam {
  @TextField({ max: 32, pattern: /^\d+$/, patternMessage: 'fromNo must be digits', description: 'Version number, digits only' })
  fromNo!: string;
  @TextField({ max: 32, pattern: /^\d+$/, patternMessage: 'toNo must be digits', description: 'Version number, digits only' })
  toNo!: string;
}

/** Any JSON value: a field's value before or after. */
const ANY_VALUE = {
  oneOf: [{ type: 'string', nullable: true }, { type: 'number' }, { type: 'boolean' }, { type: 'array', items: {} }, { type: 'object' }],
};

export class FieldChangeResponse {
  @ApiProperty() field!: string;
  @ApiProperty({ ...ANY_VALUE, description: 'The value in the first version' }) before!: unknown;
  @ApiProperty({ ...ANY_VALUE, description: 'The value in the second version' }) after!: unknown;
}

export class SectionEntryResponse {
  @ApiProperty({ format: 'uuid' }) stableId!: string;
  @ApiProperty() title!: string;
  @ApiProperty({ type: 'integer' }) position!: number;
}

export class SectionMoveResponse {
  @ApiProperty({ format: 'uuid' }) stableId!: string;
  @ApiProperty() title!: string;
  @ApiProperty({ type: 'integer' }) fromPosition!: number;
  @ApiProperty({ type: 'integer' }) toPosition!: number;
}

export class SectionChangeResponse {
  @ApiProperty({ format: 'uuid' }) stableId!: string;
  @ApiProperty() title!: string;
  @ApiProperty({ type: [FieldChangeResponse] }) fields!: FieldChangeResponse[];
}

export class QuestionEntryResponse {
  @ApiProperty({ format: 'uuid' }) stableId!: string;
  @ApiProperty() code!: string;
  @ApiProperty({ format: 'uuid' }) sectionStableId!: string;
  @ApiProperty({ type: 'integer' }) position!: number;
}

export class QuestionMoveResponse {
  @ApiProperty({ format: 'uuid' }) stableId!: string;
  @ApiProperty() code!: string;
  @ApiProperty({ format: 'uuid' }) fromSectionStableId!: string;
  @ApiProperty({ format: 'uuid' }) toSectionStableId!: string;
  @ApiProperty({ type: 'integer' }) fromPosition!: number;
  @ApiProperty({ type: 'integer' }) toPosition!: number;
}

export class QuestionRenameResponse {
  @ApiProperty({ format: 'uuid' }) stableId!: string;
  @ApiProperty() fromCode!: string;
  @ApiProperty() toCode!: string;
}

export class QuestionChangeResponse {
  @ApiProperty({ format: 'uuid' }) stableId!: string;
  @ApiProperty() code!: string;
  @ApiProperty({ type: [FieldChangeResponse] }) fields!: FieldChangeResponse[];
}

export class SectionDiffResponse {
  @ApiProperty({ type: [SectionEntryResponse] }) added!: SectionEntryResponse[];
  @ApiProperty({ type: [SectionEntryResponse] }) removed!: SectionEntryResponse[];
  @ApiProperty({ type: [SectionMoveResponse], description: 'Out of the relative order of the others' }) moved!: SectionMoveResponse[];
  @ApiProperty({ type: [SectionChangeResponse] }) changed!: SectionChangeResponse[];
}

export class QuestionDiffResponse {
  @ApiProperty({ type: [QuestionEntryResponse] }) added!: QuestionEntryResponse[];
  @ApiProperty({ type: [QuestionEntryResponse] }) removed!: QuestionEntryResponse[];
  @ApiProperty({ type: [QuestionMoveResponse], description: 'Into another section, or out of the relative order of the others' })
  moved!: QuestionMoveResponse[];
  @ApiProperty({ type: [QuestionRenameResponse], description: 'Codes that changed (a renumber shows here only)' })
  renamed!: QuestionRenameResponse[];
  @ApiProperty({ type: [QuestionChangeResponse], description: 'Choices by label and order; rules by meaning' })
  changed!: QuestionChangeResponse[];
}

export class VersionDiffResponse {
  @ApiProperty({ type: 'integer' }) fromVersionNo!: number;
  @ApiProperty({ type: 'integer' }) toVersionNo!: number;
  @ApiProperty({ type: SectionDiffResponse }) sections!: SectionDiffResponse;
  @ApiProperty({ type: QuestionDiffResponse }) questions!: QuestionDiffResponse;
}
