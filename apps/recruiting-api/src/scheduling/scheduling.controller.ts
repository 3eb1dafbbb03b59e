import { Body, Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ApiErrorResponses, ApiPublicDataResponse, PublicEnvelopeResponse } from '@platform/contracts';
import { ERROR_BODY_REF, KeepsAnswer, Public } from '@platform/runtime';
import type { IdentifiedSlot } from '../slots/bookable-slots.service';
import { SlotsQuery, SubmitAvailabilityDto, TokenParam } from './dto/scheduling.dto';
import { PublicRateLimitGuard } from './public-rate-limit.guard';
import { SchedulingService } from './scheduling.service';
import { toPublicSlot } from './scheduling.mapper';
import { PublicSlot, SchedulingInfoResponse, SubmitAvailabilityResponse } from './dto/scheduling.response';

const RATE_LIMITED = {
  status: 429,
  description: 'Too many requests from this address or for this token (limits in docs/decisions.md); Retry-After says when to retry',
  headers: { 'Retry-After': { description: 'Seconds until the window ends', schema: { type: 'integer' } } },
  content: { 'application/json': { schema: { $ref: ERROR_BODY_REF } } },
};

@ApiTags('Public scheduling')
@Controller('api/v1/scheduling/:token')
@Public()
@PublicEnvelopeResponse()
@UseGuards(PublicRateLimitGuard)
export class SchedulingController {
  constructor(private readonly scheduling: SchedulingService) {}

  @Get()
  @ApiOperation({
    operationId: 'getSchedulingLink',
    summary: 'The scheduling link',
    description: 'No authentication: the token is the credential. Answers only {data}.',
  })
  @ApiPublicDataResponse(200, SchedulingInfoResponse, 'Project, candidate and the confirmed reservation')
  @ApiErrorResponses({ 400: 'The link has expired (SCHEDULING_TOKEN_ERROR)', 404: 'The link does not exist' })
  @ApiResponse(RATE_LIMITED)
  info(@Param() { token }: TokenParam): Promise<SchedulingInfoResponse> {
    return this.scheduling.info(token);
  }

  @Get('slots')
  @ApiOperation({
    operationId: 'listSchedulingSlots',
    summary: 'Bookable slots',
    description:
      'Cut from interviewer availability, without confirmed reservations, future only; all of them, or those starting in the ' +
      "days from..to (the project's time zone). Compressed by Accept-Encoding (br, gzip); a weak ETag, and 304 on If-None-Match.",
  })
  @ApiPublicDataResponse(200, [PublicSlot], 'Slots ordered by start')
  @ApiResponse({ status: 304, description: 'If-None-Match names the current ETag: the slots have not changed' })
  @ApiErrorResponses({
    400: 'The link has expired (SCHEDULING_TOKEN_ERROR), or a malformed window (not a real day, from after to)',
    404: 'The link does not exist',
  })
  @ApiResponse(RATE_LIMITED)
  // Kept per project, window and moment (docs/decisions.md): the answer is the same for every token of the project, and
  // the HTTP layer serializes, encodes and tags it once per list.
  @KeepsAnswer((slots: IdentifiedSlot[]) => ({ data: slots.map(toPublicSlot) }))
  slots(@Param() { token }: TokenParam, @Query() query: SlotsQuery): Promise<IdentifiedSlot[]> {
    return this.scheduling.slotsInWindow(token, query);
  }

  @Post('submit-availability')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'submitAvailability',
    summary: 'Submit preferred slots',
    description:
      'Replaces the earlier preferred slots; contacted and waiting_response candidates move to scheduling; an acknowledgement ' +
      'email is attempted (its failure never fails the request).',
  })
  @ApiPublicDataResponse(200, SubmitAvailabilityResponse, 'How many slots were kept')
  @ApiErrorResponses({
    400: 'A malformed body (no slots, more than 20, a slot twice) or an expired link (SCHEDULING_TOKEN_ERROR)',
    404: 'The link does not exist',
    409: 'A slot is not one of the current slots, or the interview is already scheduled (SLOT_NOT_AVAILABLE)',
  })
  @ApiResponse(RATE_LIMITED)
  submit(@Param() { token }: TokenParam, @Body() body: SubmitAvailabilityDto): Promise<SubmitAvailabilityResponse> {
    return this.scheduling.submit(token, body);
  }
}
