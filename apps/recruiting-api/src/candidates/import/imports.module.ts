import { type DynamicModule, Module } from '@nestjs/common';
import { MultipartModule } from '@nestjs/platform-fastify/multipart';
import { RepositoriesModule } from '../../database/repositories/repositories.module';
import { ImportFilesRepository } from './import-files.repository';
import { ImportJobsConsumer } from './import-jobs.consumer';
import { ImportLogsRepository } from './import-logs.repository';
import { ImportRunner } from './import-runner';
import { ImportsController } from './imports.controller';
import { IMPORT_OPTIONS, type ImportOptions, ImportsService } from './imports.service';

/**
 * Candidate imports (the import operations of Candidates): TSV uploads kept in PostgreSQL, survey imports, and the
 * queue job that runs both.
 */
@Module({})
export class ImportsModule {
  static register(options: ImportOptions): DynamicModule {
    return {
      module: ImportsModule,
      imports: [RepositoriesModule, MultipartModule.register({ limits: { fileSize: options.maxBytes } })],
      controllers: [ImportsController],
      providers: [
        { provide: IMPORT_OPTIONS, useValue: options },
        ImportsService,
        ImportFilesRepository,
        ImportLogsRepository,
        ImportRunner,
        ImportJobsConsumer,
      ],
    };
  }
}
