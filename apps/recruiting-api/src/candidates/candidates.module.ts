import { Module } from '@nestjs/common';
import { CandidateStatusService } from './candidate-status.service';
import { CandidatesController } from './candidates.controller';
import { CandidatesRepository } from './candidates.repository';
import { CandidatesService } from './candidates.service';
import { PreferredSlotsRepository } from './preferred-slots.repository';

/** Candidates of a project (spec 4.2): list with filters, fields, detail, update, delete, statuses, selection, scoring. */
@Module({
  controllers: [CandidatesController],
  providers: [CandidatesService, CandidatesRepository, CandidateStatusService, PreferredSlotsRepository],
  exports: [CandidatesService, CandidatesRepository, CandidateStatusService, PreferredSlotsRepository],
})
export class CandidatesModule {}
