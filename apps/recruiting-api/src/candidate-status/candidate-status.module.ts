import { Module } from '@nestjs/common';
import { RepositoriesModule } from '../database/repositories/repositories.module';
import { CandidateStatusService } from './candidate-status.service';

/** A candidate's status changes and their history rows, as every feature that moves a candidate makes them. */
@Module({ imports: [RepositoriesModule], providers: [CandidateStatusService], exports: [CandidateStatusService] })
export class CandidateStatusModule {}
