import { Module } from '@nestjs/common';
import { RecruitingCoreModule } from '../core/core.module';
import { CandidatesController } from './candidates.controller';
import { CandidatesService } from './candidates.service';

/** Candidates of a project (the Candidates operations): list with filters, fields, detail, update, delete, statuses, selection, scoring. */
@Module({
  imports: [RecruitingCoreModule],
  controllers: [CandidatesController],
  providers: [CandidatesService],
})
export class CandidatesModule {}
