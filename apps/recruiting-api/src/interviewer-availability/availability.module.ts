import { Module } from '@nestjs/common';
import { RecruitingCoreModule } from '../core/core.module';
import { AvailabilityController } from './availability.controller';
import { AvailabilityService } from './availability.service';

/** Interviewer availability windows (the slots cut from them are the core's). */
@Module({
  imports: [RecruitingCoreModule],
  controllers: [AvailabilityController],
  providers: [AvailabilityService],
})
export class AvailabilityModule {}
