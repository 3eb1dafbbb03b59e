import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR, APP_PIPE } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { BuilderEnvelopeInterceptor, BuilderExceptionFilter, createValidationPipe } from '@platform/contracts';
import { postgresHealthCheck, PostgresModule } from '@platform/persistence';
import { HealthModule } from '@platform/runtime';
import { SurveyAccess } from './access/survey-access';
import type { SurveyBuilderConfig } from './config';
import { SURVEY_BUILDER_DATABASE } from './database';
import { IDENTITY_OPTIONS, IdentityGuard } from './identity/identity.guard';
import { UsersRepository } from './identity/users.repository';
import { ExternalRepository } from './imports/external.repository';
import { ImportsController } from './imports/imports.controller';
import { ImportsService } from './imports/imports.service';
import { LibraryController } from './library/library.controller';
import { LibraryRepository } from './library/library.repository';
import { LibraryService } from './library/library.service';
import { PermissionsController } from './permissions/permissions.controller';
import { PermissionsRepository } from './permissions/permissions.repository';
import { PermissionsService } from './permissions/permissions.service';
import { QuestionsController } from './questions/questions.controller';
import { QuestionsService } from './questions/questions.service';
import { SectionsController } from './sections/sections.controller';
import { SectionsService } from './sections/sections.service';
import { QuestionSources } from './snapshot/question-sources';
import { SnapshotRepository } from './snapshot/snapshot.repository';
import { SurveyCopier } from './surveys/survey-copier';
import { SurveyReader } from './surveys/survey-reader';
import { SurveysController } from './surveys/surveys.controller';
import { SurveysRepository } from './surveys/surveys.repository';
import { SurveysService } from './surveys/surveys.service';
import { VersionsController } from './versions/versions.controller';
import { VersionsRepository } from './versions/versions.repository';
import { VersionsService } from './versions/versions.service';

/** Every route identifies its caller by x-user-email and x-user-name (or the import key), unless @Public(). */
@Module({})
export class AppModule {
  static register(config: SurveyBuilderConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PostgresModule.forRoot({ ...SURVEY_BUILDER_DATABASE, ...config.database, applicationName: 'survey-builder-api' }),
        HealthModule.forRoot({ inject: [DataSource], checks: (db: DataSource) => [postgresHealthCheck(db)] }),
      ],
      controllers: [
        SurveysController,
        VersionsController,
        SectionsController,
        QuestionsController,
        PermissionsController,
        LibraryController,
        ImportsController,
      ],
      providers: [
        { provide: IDENTITY_OPTIONS, useValue: { adminEmails: config.admins.emails, importApiKey: config.imports.apiKey } },
        { provide: APP_GUARD, useClass: IdentityGuard },
        { provide: APP_PIPE, useFactory: createValidationPipe },
        { provide: APP_INTERCEPTOR, useClass: BuilderEnvelopeInterceptor },
        { provide: APP_FILTER, useClass: BuilderExceptionFilter },
        UsersRepository,
        SurveysRepository,
        VersionsRepository,
        PermissionsRepository,
        SnapshotRepository,
        LibraryRepository,
        ExternalRepository,
        SurveyAccess,
        SurveyReader,
        SurveyCopier,
        QuestionSources,
        SurveysService,
        VersionsService,
        SectionsService,
        QuestionsService,
        PermissionsService,
        LibraryService,
        ImportsService,
      ],
    };
  }
}
