import { type DynamicModule, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BuilderEnvelopeInterceptor, httpConventions } from '@platform/contracts';
import { postgresHealthCheck, PostgresModule, RedisModule, TokenVersionsModule } from '@platform/persistence';
import { HealthModule } from '@platform/runtime';
import { BuilderExceptionFilter } from './builder.errors';
import type { SurveyBuilderConfig } from './config';
import { SURVEY_BUILDER_DATABASE } from './database/database';
import { DatabaseModule } from './database/database.module';
import { IdentityModule } from './identity/identity.module';
import { ImportsModule } from './imports/imports.module';
import { LibraryModule } from './question-library/library.module';
import { LogicCheckModule } from './logic-check/logic-check.module';
import { PermissionsModule } from './permissions/permissions.module';
import { QuestionsModule } from './questions/questions.module';
import { SectionsModule } from './sections/sections.module';
import { SurveysModule } from './surveys/surveys.module';
import { VersionsModule } from './versions/versions.module';

/**
 * The survey builder: platform modules (database, health, identity), then one module per feature. Every
 * route identifies its caller by x-user-email and x-user-name (or the import key), unless @Public().
 */
@Module({})
export class AppModule {
  static register(config: SurveyBuilderConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PostgresModule.forRoot({ ...SURVEY_BUILDER_DATABASE, ...config.database, applicationName: 'survey-builder-api' }),
        DatabaseModule,
        HealthModule.forRoot({ inject: [DataSource], checks: (db: DataSource) => [postgresHealthCheck(db)] }),
        ...(config.tokenVersions
          ? [
              RedisModule.forRoot({ url: config.tokenVersions.redisUrl }),
              TokenVersionsModule.forRoot({ keyPrefix: config.tokenVersions.keyPrefix }),
            ]
          : []),
        IdentityModule.register({ adminEmails: config.admins.emails, importApiKey: config.imports.apiKey, jwtSecret: config.jwtSecret }),
        SurveysModule,
        VersionsModule,
        SectionsModule,
        QuestionsModule,
        PermissionsModule,
        LibraryModule,
        ImportsModule,
        LogicCheckModule,
      ],
      providers: httpConventions({ filter: BuilderExceptionFilter, envelope: BuilderEnvelopeInterceptor }),
    };
  }
}
