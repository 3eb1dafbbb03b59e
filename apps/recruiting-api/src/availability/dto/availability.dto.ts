import { IntField } from '@platform/contracts';
import { DateTimeField } from '../../core/dto/date-time.field';

const ID = { min: 1, max: 2_147_483_647, fromText: true };

export class AvailabilityParams {
  @IntField(ID) projectId!: number;
  @IntField(ID) availabilityId!: number;
}

export class CreateAvailabilityDto {
  @IntField({ min: 1, max: 2_147_483_647, description: 'An existing user id' }) interviewerId!: number;
  @DateTimeField() startAt!: string;
  @DateTimeField({ description: 'After startAt, at most 31 days later' }) endAt!: string;
}

export class ListAvailabilityQuery {
  @IntField({ optional: true, min: 1, max: 1_000_000, default: 1, fromText: true }) page = 1;
  @IntField({ optional: true, min: 1, max: 100, default: 20, fromText: true }) limit = 20;
  @IntField({ ...ID, optional: true }) interviewerId?: number;
  @DateTimeField({ optional: true, description: 'Windows ending after this instant' }) from?: string;
  @DateTimeField({ optional: true, description: 'Windows starting before this instant' }) to?: string;
}
