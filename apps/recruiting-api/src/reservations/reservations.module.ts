import { Module } from '@nestjs/common';
import { RecruitingCoreModule } from '../core/core.module';
import { ConfirmScheduleController, ReservationsController } from './reservations.controller';
import { ReservationsService } from './reservations.service';

/** confirm-schedule and the reservations router (`confirmSchedule` and the Reservations operations of docs/openapi/recruiting-api.json). */
@Module({
  imports: [RecruitingCoreModule],
  controllers: [ReservationsController, ConfirmScheduleController],
  providers: [ReservationsService],
})
export class ReservationsModule {}
