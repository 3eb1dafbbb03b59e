import { Module } from '@nestjs/common';
import { AvailabilityModule } from '../availability/availability.module';
import { CandidatesModule } from '../candidates/candidates.module';
import { EmailModule } from '../email/email.module';
import { ConfirmScheduleController, ReservationsController } from './reservations.controller';
import { ReservationsRepository } from './reservations.repository';
import { ReservationsService } from './reservations.service';

/** confirm-schedule and the reservations router (spec 4.2, 4.4). */
@Module({
  imports: [CandidatesModule, EmailModule, AvailabilityModule],
  controllers: [ReservationsController, ConfirmScheduleController],
  providers: [ReservationsService, ReservationsRepository],
})
export class ReservationsModule {}
