import { Module } from '@nestjs/common';
import { RaceContentDataModule } from '@platform/race-content-data';
import { RacesController } from './races.controller';
import { RacesService } from './races.service';

/** Races of the three racing types and their predictions (the Races operations of docs/openapi/race-content-api.json). */
@Module({
  imports: [RaceContentDataModule],
  controllers: [RacesController],
  providers: [RacesService],
})
export class RacesModule {}
