import { Module } from '@nestjs/common';
import { RecruitingCoreModule } from '../core/core.module';
import { ConfirmScheduleController, ReservationsController } from './reservations.controller';
import { ReservationsService } from './reservations.service';

/** confirm-schedule and the reservations router (spec 4.2, 4.4). */
@Module({
  imports: [RecruitingCoreModule],
  controllers: [ReservationsController, ConfirmScheduleController],
  providers: [ReservationsService],
})
export class ReservationsModule {}
