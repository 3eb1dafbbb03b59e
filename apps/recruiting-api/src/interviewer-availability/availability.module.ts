import { Module } from '@nestjs/common';
import { RepositoriesModule } from '../database/repositories/repositories.module';
import { SlotsModule } from '../slots/slots.module';
import { AvailabilityController } from './availability.controller';
import { AvailabilityService } from './availability.service';

/** Interviewer availability windows (the slots cut from them are the core's). */
@Module({
  imports: [RepositoriesModule, SlotsModule],
  controllers: [AvailabilityController],
  providers: [AvailabilityService],
})
export class AvailabilityModule {}
