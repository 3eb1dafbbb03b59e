import { Module } from '@nestjs/common';
import { AvailabilityModule } from '../availability/availability.module';
import { CandidatesModule } from '../candidates/candidates.module';
import { EmailModule } from '../email/email.module';
import { PublicRateLimitGuard } from './public-rate-limit.guard';
import { SchedulingController } from './scheduling.controller';
import { SchedulingService } from './scheduling.service';

/** Public scheduling (spec 4.5): the token, its slots and the submission of preferred slots, rate limited in Redis. */
@Module({
  imports: [AvailabilityModule, CandidatesModule, EmailModule],
  controllers: [SchedulingController],
  providers: [SchedulingService, PublicRateLimitGuard],
  exports: [SchedulingService, PublicRateLimitGuard],
})
export class SchedulingModule {}
