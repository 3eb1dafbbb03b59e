import { type DynamicModule, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { httpConventions, RecruitingEnvelopeInterceptor } from '@platform/contracts';
import { RecruitingExceptionFilter } from './recruiting.errors';
import type { Redis } from 'ioredis';
import { postgresHealthCheck, PostgresModule, REDIS, redisHealthCheck, RedisModule, TokenVersionsModule } from '@platform/persistence';
import { HealthModule } from '@platform/runtime';
import { isEmailEnabled, type RecruitingConfig } from './config';
import { RECRUITING_DATABASE } from './database/database';
import { DatabaseModule } from './database/database.module';
import { UsersModule } from './users/users.module';
import { AuthModule } from './auth/auth.module';
import { ProjectsModule } from './projects/projects.module';
import { CandidatesModule } from './candidates/candidates.module';
import { MessagingModule } from '@platform/messaging';
import { ImportsModule } from './candidates/import/imports.module';
import { WarehouseModule } from './warehouse/warehouse.module';
import { RecruitingConfigModule } from './config.module';
import { EmailsModule } from './emails/emails.module';
import { AvailabilityModule } from './interviewer-availability/availability.module';
import { SchedulingModule } from './scheduling/scheduling.module';
import { ReservationsModule } from './reservations/reservations.module';
import { CalendarModule } from './calendar/calendar.module';
import { SchedulePageModule } from './scheduling/page/schedule-page.module';
import { MailDeliveryModule } from './mail-delivery/mail-delivery.module';
import { SurveysModule } from './surveys/surveys.module';

/** Every route needs a bearer token and the role its method asks for, unless marked @Public(). */
@Module({})
export class AppModule {
  static register(config: RecruitingConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PostgresModule.forRoot({ ...RECRUITING_DATABASE, ...config.database, applicationName: 'recruiting-api' }),
        DatabaseModule,
        UsersModule,
        ProjectsModule,
        CandidatesModule,
        ...(config.messaging ? [MessagingModule.forRoot(config.messaging)] : []),
        WarehouseModule.register(config.warehouse),
        SurveysModule,
        ImportsModule.register(config.imports),
        RecruitingConfigModule.register(config),
        RedisModule.forRoot({ url: config.redis.url }),
        TokenVersionsModule.forRoot({ keyPrefix: config.redis.authKeyPrefix }),
        MailDeliveryModule.register({ ...config.mail, enabled: isEmailEnabled(config) }),
        EmailsModule,
        AvailabilityModule,
        SchedulingModule,
        CalendarModule.register(config.calendar, { enabled: isEmailEnabled(config) }),
        ReservationsModule,
        SchedulePageModule,
        AuthModule.register({ jwt: config.jwt, tokens: config.tokens, login: config.login }),
        HealthModule.forRoot({
          inject: [DataSource, REDIS],
          checks: (db: DataSource, redis: Redis) => [postgresHealthCheck(db), redisHealthCheck(redis)],
        }),
      ],
      providers: [...httpConventions({ filter: RecruitingExceptionFilter, envelope: RecruitingEnvelopeInterceptor })],
    };
  }
}
