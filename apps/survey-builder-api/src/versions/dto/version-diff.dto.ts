import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { TextField } from '@platform/contracts';
import { SurveyIdParam } from '../../common/id-params';

export class VersionDiffParams extends SurveyIdParam {
  @TextField({
    max: 32,
    pattern: /^\d+$/,
    patternMessage: 'fromNo must be digits',
    description: 'The earlier version’s number, digits only',
    example: '2',
  })
  fromNo!: string;
  @TextField({
    max: 32,
    pattern: /^\d+$/,
    patternMessage: 'toNo must be digits',
    description: 'The later version’s number, digits only',
    example: '3',
  })
  toNo!: string;
}

/** Any JSON value: a field's value before or after. */
const ANY_VALUE = {
  oneOf: [{ type: 'string', nullable: true }, { type: 'number' }, { type: 'boolean' }, { type: 'array', items: {} }, { type: 'object' }],
};

@ApiSchema({ description: 'One field that differs between the two versions, with both values.' })
export class FieldChangeResponse {
  @ApiProperty({ description: 'The field’s name (title, description, promptText, options, branchRules, …)', example: 'promptText' })
  field!: string;
  @ApiProperty({ ...ANY_VALUE, description: 'The value in the first version', example: '緑茶をご存じですか。' }) before!: unknown;
  @ApiProperty({ ...ANY_VALUE, description: 'The value in the second version', example: '新商品「みどり茶」をご存じですか。' })
  after!: unknown;
}

@ApiSchema({ description: 'A section added or removed between the two versions.' })
export class SectionEntryResponse {
  @ApiProperty({ format: 'uuid', description: 'The section’s stable id, the same in every version' }) stableId!: string;
  @ApiProperty({ description: 'The section’s title', example: '本調査' }) title!: string;
  @ApiProperty({ type: 'integer', description: 'Its position in the survey, from 1', example: 3 }) position!: number;
}

@ApiSchema({ description: 'A section that changed places between the two versions.' })
export class SectionMoveResponse {
  @ApiProperty({ format: 'uuid', description: 'The section’s stable id, the same in every version' }) stableId!: string;
  @ApiProperty({ description: 'The section’s title in the second version', example: '本調査' }) title!: string;
  @ApiProperty({ type: 'integer', description: 'Its position in the first version, from 1', example: 3 }) fromPosition!: number;
  @ApiProperty({ type: 'integer', description: 'Its position in the second version, from 1', example: 2 }) toPosition!: number;
}

@ApiSchema({ description: 'A section whose title or description changed between the two versions.' })
export class SectionChangeResponse {
  @ApiProperty({ format: 'uuid', description: 'The section’s stable id, the same in every version' }) stableId!: string;
  @ApiProperty({ description: 'The section’s title in the second version', example: '本調査' }) title!: string;
  @ApiProperty({ type: [FieldChangeResponse], description: 'The fields that changed' }) fields!: FieldChangeResponse[];
}

@ApiSchema({ description: 'A question added or removed between the two versions.' })
export class QuestionEntryResponse {
  @ApiProperty({ format: 'uuid', description: 'The question’s stable id, the same in every version' }) stableId!: string;
  @ApiProperty({ description: 'The question’s code', example: 'Q4' }) code!: string;
  @ApiProperty({ format: 'uuid', description: 'The stable id of its section' }) sectionStableId!: string;
  @ApiProperty({ type: 'integer', description: 'Its position in its section, from 1', example: 2 }) position!: number;
}

@ApiSchema({ description: 'A question that changed places or sections between the two versions.' })
export class QuestionMoveResponse {
  @ApiProperty({ format: 'uuid', description: 'The question’s stable id, the same in every version' }) stableId!: string;
  @ApiProperty({ description: 'The question’s code in the second version', example: 'Q4' }) code!: string;
  @ApiProperty({ format: 'uuid', description: 'The stable id of its section in the first version' }) fromSectionStableId!: string;
  @ApiProperty({ format: 'uuid', description: 'The stable id of its section in the second version' }) toSectionStableId!: string;
  @ApiProperty({ type: 'integer', description: 'Its position in its section in the first version, from 1', example: 2 })
  fromPosition!: number;
  @ApiProperty({ type: 'integer', description: 'Its position in its section in the second version, from 1', example: 1 })
  toPosition!: number;
}

@ApiSchema({ description: 'A question whose code changed between the two versions (a renumber shows here only).' })
export class QuestionRenameResponse {
  @ApiProperty({ format: 'uuid', description: 'The question’s stable id, the same in every version' }) stableId!: string;
  @ApiProperty({ description: 'Its code in the first version', example: 'Q7' }) fromCode!: string;
  @ApiProperty({ description: 'Its code in the second version', example: 'Q4' }) toCode!: string;
}

@ApiSchema({ description: 'A question whose content changed between the two versions.' })
export class QuestionChangeResponse {
  @ApiProperty({ format: 'uuid', description: 'The question’s stable id, the same in every version' }) stableId!: string;
  @ApiProperty({ description: 'The question’s code in the second version', example: 'Q1' }) code!: string;
  @ApiProperty({ type: [FieldChangeResponse], description: 'The fields that changed' }) fields!: FieldChangeResponse[];
}

@ApiSchema({ description: 'How the sections differ between the two versions.' })
export class SectionDiffResponse {
  @ApiProperty({ type: [SectionEntryResponse], description: 'Sections only in the second version' }) added!: SectionEntryResponse[];
  @ApiProperty({ type: [SectionEntryResponse], description: 'Sections only in the first version' }) removed!: SectionEntryResponse[];
  @ApiProperty({ type: [SectionMoveResponse], description: 'Out of the relative order of the others' }) moved!: SectionMoveResponse[];
  @ApiProperty({ type: [SectionChangeResponse], description: 'Sections whose title or description changed' })
  changed!: SectionChangeResponse[];
}

@ApiSchema({ description: 'How the questions differ between the two versions.' })
export class QuestionDiffResponse {
  @ApiProperty({ type: [QuestionEntryResponse], description: 'Questions only in the second version' }) added!: QuestionEntryResponse[];
  @ApiProperty({ type: [QuestionEntryResponse], description: 'Questions only in the first version' }) removed!: QuestionEntryResponse[];
  @ApiProperty({ type: [QuestionMoveResponse], description: 'Into another section, or out of the relative order of the others' })
  moved!: QuestionMoveResponse[];
  @ApiProperty({ type: [QuestionRenameResponse], description: 'Codes that changed (a renumber shows here only)' })
  renamed!: QuestionRenameResponse[];
  @ApiProperty({ type: [QuestionChangeResponse], description: 'Choices by label and order; rules by meaning' })
  changed!: QuestionChangeResponse[];
}

@ApiSchema({ description: 'The differences between two versions of a survey, matched by stable ids.' })
export class VersionDiffResponse {
  @ApiProperty({ type: 'integer', description: 'The first version compared (fromNo)', example: 2 }) fromVersionNo!: number;
  @ApiProperty({ type: 'integer', description: 'The second version compared (toNo)', example: 3 }) toVersionNo!: number;
  @ApiProperty({ type: SectionDiffResponse, description: 'What changed in the sections' }) sections!: SectionDiffResponse;
  @ApiProperty({ type: QuestionDiffResponse, description: 'What changed in the questions' }) questions!: QuestionDiffResponse;
}
