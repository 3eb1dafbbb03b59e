import { Controller, Get, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrorResponses, ApiRaceContentResponse } from '@platform/contracts';
import { CurrentUser } from '../identity/caller';
import type { IdpUser } from '../identity/idp-token-verifier';
import { EventRunStatusParams, EventRunStatusResponse } from './dto/event-run-status.dto';
import { type EventRunDocument, EventRunsService } from './event-runs.service';

@ApiTags('Onboarding event-run status')
@ApiBearerAuth('bearer')
@Controller('api/v1/organizations/:organization_id/projects/:project_id/wf2des/events')
export class EventRunsController {
  constructor(private readonly eventRuns: EventRunsService) {}

  @Get(':event_run_id/status')
  @ApiOperation({
    operationId: 'getEventRunStatus',
    summary: 'Read an onboarding event run’s status',
    description: 'The worker-owned status document, unchanged. A poll racing the worker’s first write can also see 404.',
  })
  @ApiRaceContentResponse(200, EventRunStatusResponse, 'The status document as the worker wrote it')
  @ApiErrorResponses({ 403: 'No access to the project', 404: 'Unknown or expired run', 500: 'Upstream read failure' })
  status(@CurrentUser() user: IdpUser, @Param() params: EventRunStatusParams): Promise<EventRunDocument> {
    return this.eventRuns.status(user, { organizationId: params.organization_id, projectId: params.project_id }, params.event_run_id);
  }
}
