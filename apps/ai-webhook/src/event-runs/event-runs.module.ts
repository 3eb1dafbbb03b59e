import { type DynamicModule, Module } from '@nestjs/common';
import { AccessModule } from '../access/access.module';
import type { ProjectAccessConfig } from '../config';
import { EventRunStore } from './event-run-store';
import { EventRunsController } from './event-runs.controller';
import { EventRunsService } from './event-runs.service';

/** The onboarding event-run status read (`getEventRunStatus` in docs/openapi/ai-webhook.json). */
@Module({})
export class EventRunsModule {
  static register(access: ProjectAccessConfig): DynamicModule {
    return {
      module: EventRunsModule,
      imports: [AccessModule.register(access)],
      controllers: [EventRunsController],
      providers: [EventRunStore, EventRunsService],
    };
  }
}
