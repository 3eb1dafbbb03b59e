import { RecruitingCoreModule } from '../core/core.module';
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
  imports: [RecruitingCoreModule],
  controllers: [SchedulingController],
  providers: [SchedulingService, PublicRateLimitGuard],
  exports: [SchedulingService, PublicRateLimitGuard],
})
export class SchedulingModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(NoStoreMiddleware).forRoutes(SchedulingController);
  }
}
