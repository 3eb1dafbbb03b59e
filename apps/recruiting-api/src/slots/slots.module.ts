import { Module } from '@nestjs/common';
import { RepositoriesModule } from '../database/repositories/repositories.module';
import { BookableSlotsService } from './bookable-slots.service';

/**
 * A project's bookable slots (its windows cut by its interview length, minus confirmed reservations), kept briefly and
 * dropped on every replica at once; read by interviewer availability, reservations and public scheduling.
 */
@Module({ imports: [RepositoriesModule], providers: [BookableSlotsService], exports: [BookableSlotsService] })
export class SlotsModule {}
