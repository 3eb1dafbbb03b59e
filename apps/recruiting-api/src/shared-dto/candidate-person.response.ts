import { ApiProperty, ApiSchema } from '@nestjs/swagger';

/** The person behind a participation record, as reservations and candidates show it. */
@ApiSchema({ description: 'The person behind a participation record (one person may take part in several projects).' })
export class CandidatePerson {
  @ApiProperty({ type: 'integer', description: 'Id of the person record', example: 1203 }) id!: number;
  @ApiProperty({ description: 'The id the person has in the imported file or survey (e.g. a panel member id)', example: 'R100042' })
  externalUserId!: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Email address; null when the import had none',
    example: 'tanaka.yui@example.jp',
  })
  email!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Phone number as imported; null when the import had none',
    example: '090-1234-5678',
  })
  phone!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Full name as imported; null when the import had none', example: '田中 結衣' })
  name!: string | null;
}

export const INTERVIEW_TYPES = ['online_meet', 'online_conf', 'offline', 'any'] as const;

/** What each interview type means, for the documents of every field that carries one. */
export const INTERVIEW_TYPE_TEXT =
  'online_meet: online; online_conf: online through a conference tool; offline: in person; any: not specified';
