import { Module } from '@nestjs/common';
import { AvailabilityRepository } from './availability.repository';
import { CandidatesRepository } from './candidates.repository';
import { EmailLogsRepository } from './email-logs.repository';
import { EmailTemplatesRepository } from './email-templates.repository';
import { PreferredSlotsRepository } from './preferred-slots.repository';
import { ProjectsRepository } from './projects.repository';
import { ReservationsRepository } from './reservations.repository';
import { SchedulingTokensRepository } from './scheduling-tokens.repository';
import { SurveyMetadataRepository } from './survey-metadata.repository';
import { UsersRepository } from './users.repository';

const REPOSITORIES = [
  ProjectsRepository,
  UsersRepository,
  CandidatesRepository,
  PreferredSlotsRepository,
  ReservationsRepository,
  SchedulingTokensRepository,
  AvailabilityRepository,
  EmailTemplatesRepository,
  EmailLogsRepository,
  SurveyMetadataRepository,
];

/**
 * The repositories of the tables more than one feature reads (a feature's own tables keep theirs in its folder). The
 * only place besides the migrations with SQL and PostgreSQL error codes; they rest on the database module alone.
 */
@Module({ providers: REPOSITORIES, exports: REPOSITORIES })
export class RepositoriesModule {}
