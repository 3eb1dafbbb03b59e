import { Module } from '@nestjs/common';
import { RacesController } from './races.controller';
import { RacesRepository } from './races.repository';
import { RacesService } from './races.service';

/** Races of the three racing types and their predictions (spec 4.2). */
@Module({
  controllers: [RacesController],
  providers: [RacesService, RacesRepository],
  exports: [RacesRepository],
})
export class RacesModule {}
