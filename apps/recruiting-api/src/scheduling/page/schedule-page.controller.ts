import { Body, Controller, Get, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import { IntField } from '@platform/contracts';
import { ERROR_BODY_REF, Public, RawResponse } from '@platform/runtime';
import type { FastifyReply } from 'fastify';
import { randomBytes } from 'node:crypto';
import { TokenParam } from '../dto/scheduling.dto';
import { DayField } from '../../core/dto/date-time.field';
import { PublicRateLimitGuard } from '../public-rate-limit.guard';
import { renderSchedulePage } from './schedule-page.render';
import { type PageResult, SchedulePageService } from './schedule-page.service';

export class SchedulePageQuery {
  @IntField({ optional: true, min: 0, max: 20, fromText: true, description: 'Set after a submission: how many slots were kept' })
  submitted?: number;
  @DayField({ optional: true, description: "Only the slots starting on or after this day, in the project's time zone" }) from?: string;
  @DayField({ optional: true, description: "Only the slots starting on or before this day, in the project's time zone" }) to?: string;
}

const html = (description: string) => ({ description, content: { 'text/html': { schema: { type: 'string' as const } } } });
/** A malformed token or query is refused by validation in the service's JSON error body; the page's own refusals are HTML. */
const htmlOrJson = (description: string) => ({
  description,
  content: { 'text/html': { schema: { type: 'string' as const } }, 'application/json': { schema: { $ref: ERROR_BODY_REF } } },
});
const json = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: ERROR_BODY_REF } } } });
const PAGE_ERRORS = {
  400: 'The link has expired (data-error-code SCHEDULING_TOKEN_ERROR), or a malformed token or window of days',
  404: 'The link does not exist (data-error-code NOT_FOUND)',
  429: 'Too many requests from this address or for this token; Retry-After says when to retry',
};

/** The page answers HTML: no caching, no referrer (the token is in the address), scripts and styles by nonce only. */
async function sendPage(reply: FastifyReply, result: PageResult): Promise<void> {
  const nonce = randomBytes(16).toString('base64');
  await reply
    .status(result.status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-content-type-options', 'nosniff')
    .header('x-frame-options', 'DENY')
    .header(
      'content-security-policy',
      `default-src 'none'; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}'; connect-src 'self'; form-action 'self'; ` +
        "base-uri 'none'; frame-ancestors 'none'",
    )
    .send(renderSchedulePage(result.state, nonce));
}

/** The public scheduling page candidates open from their invitation (served here, routed by the gateway and the ingress). */
@ApiTags('Public scheduling')
@Controller('schedule/:token')
@Public()
@RawResponse()
@UseGuards(PublicRateLimitGuard)
export class SchedulePageController {
  constructor(private readonly pages: SchedulePageService) {}

  @Get()
  @ApiOperation({
    operationId: 'getSchedulePage',
    summary: 'The scheduling page (HTML, Japanese)',
    description:
      "Server-rendered: the project, the interview length and the open slots by day in the project's time zone (the days " +
      'from..to, else the week from the first slot, with links to the weeks before and after that have slots), with a form ' +
      'that works without script and keeps earlier choices on other days; the confirmed reservation once there is one; a ' +
      'message for an expired or unknown link.',
  })
  @ApiProduces('text/html')
  @ApiResponse({ status: 200, ...html('The page') })
  @ApiResponse({ status: 400, ...htmlOrJson(PAGE_ERRORS[400]) })
  @ApiResponse({ status: 404, ...html(PAGE_ERRORS[404]) })
  @ApiResponse({ status: 429, ...json(PAGE_ERRORS[429]) })
  async page(@Param() { token }: TokenParam, @Query() query: SchedulePageQuery, @Res() reply: FastifyReply): Promise<void> {
    const notice =
      query.submitted !== undefined
        ? { kind: 'success' as const, message: `ご希望の日時（${query.submitted}件）を受け付けました。日程が確定しましたらご連絡します。` }
        : undefined;
    await sendPage(reply, await this.pages.page(token, notice, 200, { from: query.from, to: query.to }));
  }

  @Post()
  @ApiOperation({
    operationId: 'submitSchedulePage',
    summary: 'Submit the page form (without script)',
    description:
      'The form of the page: one or more `slot` fields, each a slotId (at most 20). Success answers 303 to the page; a refused ' +
      'choice answers the page again with the reason (400 none or too many, 409 no longer available).',
  })
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiBody({
    required: false,
    schema: { type: 'object', properties: { slot: { type: 'array', items: { type: 'string', maxLength: 64 }, maxItems: 20 } } },
  })
  @ApiProduces('text/html')
  @ApiResponse({ status: 303, description: 'Submitted: to the page with ?submitted=<count>' })
  @ApiResponse({ status: 400, ...htmlOrJson(`No slot or more than 20 (data-error-code VALIDATION_FAILED); ${PAGE_ERRORS[400]}`) })
  @ApiResponse({ status: 404, ...html(PAGE_ERRORS[404]) })
  @ApiResponse({ status: 409, ...html('A chosen slot is no longer available (data-error-code SLOT_NOT_AVAILABLE)') })
  @ApiResponse({ status: 429, ...json(PAGE_ERRORS[429]) })
  async submit(@Param() { token }: TokenParam, @Body() body: unknown, @Res() reply: FastifyReply): Promise<void> {
    const raw = body && typeof body === 'object' ? (body as Record<string, unknown>).slot : undefined;
    const slotIds = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).filter(
      (v): v is string => typeof v === 'string' && v.length > 0 && v.length <= 64,
    );
    const result = await this.pages.submit(token, slotIds.slice(0, 21));
    if ('redirect' in result) await reply.redirect(result.redirect, 303);
    else await sendPage(reply, result);
  }
}
