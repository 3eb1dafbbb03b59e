import { Module } from '@nestjs/common';
import { RepositoriesModule } from '../database/repositories/repositories.module';
import { CandidateStatusModule } from '../candidate-status/candidate-status.module';
import { CandidatesController } from './candidates.controller';
import { CandidatesService } from './candidates.service';

/** Candidates of a project (the Candidates operations): list with filters, fields, detail, update, delete, statuses, selection, scoring. */
@Module({
  imports: [RepositoriesModule, CandidateStatusModule],
  controllers: [CandidatesController],
  providers: [CandidatesService],
})
export class CandidatesModule {}
