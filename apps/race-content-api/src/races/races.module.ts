import { Module } from '@nestjs/common';
import { RaceContentDataModule } from '@platform/race-content-data';
import { RacesController } from './races.controller';
import { RacesService } from './races.service';

/** Races of the three racing types and their predictions (spec 4.2). */
@Module({
  imports: [RaceContentDataModule],
  controllers: [RacesController],
  providers: [RacesService],
})
export class RacesModule {}
