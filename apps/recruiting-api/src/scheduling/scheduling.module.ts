import { RepositoriesModule } from '../database/repositories/repositories.module';
import { SlotsModule } from '../slots/slots.module';
import { CandidateStatusModule } from '../candidate-status/candidate-status.module';
import { AutomaticMailsModule } from '../automatic-mails/automatic-mails.module';
import { type MiddlewareConsumer, Module, type NestModule } from '@nestjs/common';
import { NoStoreMiddleware } from './no-store.middleware';
import { PublicRateLimitGuard } from './public-rate-limit.guard';
import { SchedulingController } from './scheduling.controller';
import { SchedulingService } from './scheduling.service';

/**
 * Public scheduling (the Public scheduling operations of docs/openapi/recruiting-api.json): the token, its slots and
 * the submission of preferred slots, rate limited in Redis, never cached.
 */
@Module({
  imports: [RepositoriesModule, SlotsModule, CandidateStatusModule, AutomaticMailsModule],
  controllers: [SchedulingController],
  providers: [SchedulingService, PublicRateLimitGuard],
  exports: [SchedulingService, PublicRateLimitGuard],
})
export class SchedulingModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(NoStoreMiddleware).forRoutes(SchedulingController);
  }
}
