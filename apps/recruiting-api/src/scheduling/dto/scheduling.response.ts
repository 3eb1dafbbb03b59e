import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { INTERVIEW_TYPE_TEXT, INTERVIEW_TYPES } from '../../shared-dto/candidate-person.response';
import { PublicReservation } from './scheduling.dto';

const MEETING_URL = 'https://meet.example.com/abc-defg';

@ApiSchema({ description: 'The project of a scheduling link, as the candidate may see it' })
export class PublicProject {
  @ApiProperty({ description: 'The project name shown to the candidate', example: '2026年冬 動画配信サービス利用者インタビュー' })
  name!: string;
  @ApiProperty({ type: 'integer', description: 'Length of one interview, in minutes (also the length of every slot)', example: 60 })
  interview_duration_minutes!: number;
}

@ApiSchema({ description: 'The candidate a scheduling link was sent to, as they may see themselves' })
export class PublicCandidate {
  @ApiProperty({ type: String, nullable: true, description: "The candidate's name; null when none is on record", example: '山田 太郎' })
  name!: string | null;
}

@ApiSchema({ description: 'What the scheduling page shows for a link: project, candidate and the confirmed reservation, if any' })
export class SchedulingInfoResponse {
  @ApiProperty({ type: () => PublicProject }) project!: PublicProject;
  @ApiProperty({ type: () => PublicCandidate }) candidate!: PublicCandidate;
  @ApiProperty({ description: 'Always false in a 200: an expired link answers 400 SCHEDULING_TOKEN_ERROR' }) is_expired!: boolean;
  @ApiProperty({ description: 'True when the candidate has a confirmed reservation (then shown in reservation)' })
  is_already_scheduled!: boolean;
  @ApiProperty({
    type: 'object',
    nullable: true,
    description: 'The confirmed reservation, or null while there is none (a cancelled one is not shown)',
    required: ['scheduledAt', 'durationMinutes', 'interviewType', 'meetingUrl', 'status'],
    properties: {
      scheduledAt: {
        type: 'string',
        format: 'date-time',
        description: 'Start of the interview, ISO 8601 in UTC',
        example: '2026-12-01T01:00:00.000Z',
      },
      durationMinutes: { type: 'integer', description: 'Length of the interview, in minutes', example: 60 },
      interviewType: {
        type: 'string',
        enum: [...INTERVIEW_TYPES],
        description: INTERVIEW_TYPE_TEXT,
      },
      meetingUrl: {
        type: 'string',
        nullable: true,
        description: 'URL of the online meeting; null when none was given',
        example: MEETING_URL,
      },
      status: { type: 'string', enum: ['confirmed'], description: 'Always confirmed here' },
    },
  })
  reservation!: PublicReservation | null;
}

@ApiSchema({ description: "A bookable interview slot: a piece of an interviewer's availability as long as the project's interview" })
export class PublicSlot {
  @ApiProperty({ description: 'Stable and opaque: the same interviewer and start give the same id', example: 'Xq3vN8kLm2PzR7tYw0aBcD' })
  slotId!: string;
  @ApiProperty({ type: 'integer', description: "The interviewer's user id (send it back with the slot)", example: 7 })
  interviewerId!: number;
  @ApiProperty({ description: "The interviewer's display name", example: '佐藤 花子' }) interviewerName!: string;
  @ApiProperty({ format: 'date-time', description: 'Start of the slot, ISO 8601 in UTC', example: '2026-12-01T01:00:00.000Z' })
  startAt!: string;
  @ApiProperty({ format: 'date-time', description: 'End of the slot, ISO 8601 in UTC', example: '2026-12-01T02:00:00.000Z' })
  endAt!: string;
}

@ApiSchema({ description: 'The outcome of submitting preferred slots' })
export class SubmitAvailabilityResponse {
  @ApiProperty({ description: 'A fixed Japanese acknowledgement to show the candidate', example: 'ご希望の日時を受け付けました' })
  message!: string;
  @ApiProperty({ type: 'integer', description: 'How many preferred slots are now on record (1 to 20)', example: 3 }) selectedCount!: number;
}
