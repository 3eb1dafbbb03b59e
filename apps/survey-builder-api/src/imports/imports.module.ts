import { Module } from '@nestjs/common';
import { LibraryModule } from '../library/library.module';
import { ExternalRepository } from './external.repository';
import { ImportsController } from './imports.controller';
import { ImportsService } from './imports.service';

/** Imports of external survey bundles from the browser extension (spec 4.7). */
@Module({
  imports: [LibraryModule],
  controllers: [ImportsController],
  providers: [ExternalRepository, ImportsService],
})
export class ImportsModule {}
