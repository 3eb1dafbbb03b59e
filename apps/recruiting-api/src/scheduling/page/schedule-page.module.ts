import { Module, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { RepositoriesModule } from '../../database/repositories/repositories.module';
import { SlotsModule } from '../../slots/slots.module';
import { SchedulingModule } from '../scheduling.module';
import { SchedulePageController } from './schedule-page.controller';
import { SchedulePageService } from './schedule-page.service';

const FORM_LIMIT_BYTES = 16 * 1024;

/** The public scheduling page at /schedule/{token}. */
@Module({
  imports: [RepositoriesModule, SlotsModule, SchedulingModule],
  controllers: [SchedulePageController],
  providers: [SchedulePageService],
})
export class SchedulePageModule implements OnModuleInit {
  constructor(private readonly adapter: HttpAdapterHost) {}

  /** The page's form (no script) posts URL-encoded fields; only /schedule/ takes them, every other route answers 415. */
  onModuleInit(): void {
    const fastify = this.adapter.httpAdapter.getInstance<FastifyInstance>();
    fastify.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_LIMIT_BYTES },
      (request, text, done) => {
        if (!request.url.startsWith('/schedule/')) {
          return done(Object.assign(new Error('This route takes JSON'), { statusCode: 415 }), undefined);
        }
        const form: Record<string, string[]> = {};
        for (const [key, value] of new URLSearchParams(text as string)) (form[key] ??= []).push(value);
        done(null, form);
      },
    );
  }
}
