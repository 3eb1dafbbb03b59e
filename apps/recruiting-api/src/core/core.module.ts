import { Module } from '@nestjs/common';
import { AutomaticMailsService } from './automatic-mails.service';
import { AvailabilityRepository } from './availability.repository';
import { BookableSlotsService } from './bookable-slots.service';
import { CandidateStatusService } from './candidate-status.service';
import { CandidatesRepository } from './candidates.repository';
import { EmailLogsRepository } from './email-logs.repository';
import { EmailTemplatesRepository } from './email-templates.repository';
import { PreferredSlotsRepository } from './preferred-slots.repository';
import { ProjectsRepository } from './projects.repository';
import { ReservationsRepository } from './reservations.repository';
import { SchedulingTokensRepository } from './scheduling-tokens.repository';
import { SurveyMetadataRepository } from './survey-metadata.repository';
import { UsersRepository } from './users.repository';

const CORE = [
  ProjectsRepository,
  UsersRepository,
  CandidatesRepository,
  CandidateStatusService,
  PreferredSlotsRepository,
  ReservationsRepository,
  SchedulingTokensRepository,
  AvailabilityRepository,
  BookableSlotsService,
  EmailTemplatesRepository,
  EmailLogsRepository,
  AutomaticMailsService,
  SurveyMetadataRepository,
];

/**
 * What recruiting's features stand on: one repository per table more than one feature reads, and the rules they
 * share (a candidate's status changes, the bookable slots, the automatic mails). Every feature imports it; it imports
 * no feature, only the adapters (mail delivery) and the bottom layer.
 */
@Module({ providers: CORE, exports: CORE })
export class RecruitingCoreModule {}
