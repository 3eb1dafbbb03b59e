import { Module } from '@nestjs/common';
import { RepositoriesModule } from '../database/repositories/repositories.module';
import { SlotsModule } from '../slots/slots.module';
import { CandidateStatusModule } from '../candidate-status/candidate-status.module';
import { AutomaticMailsModule } from '../automatic-mails/automatic-mails.module';
import { ConfirmScheduleController, ReservationsController } from './reservations.controller';
import { ReservationsService } from './reservations.service';

/** confirm-schedule and the reservations router (`confirmSchedule` and the Reservations operations of docs/openapi/recruiting-api.json). */
@Module({
  imports: [RepositoriesModule, SlotsModule, CandidateStatusModule, AutomaticMailsModule],
  controllers: [ReservationsController, ConfirmScheduleController],
  providers: [ReservationsService],
})
export class ReservationsModule {}
