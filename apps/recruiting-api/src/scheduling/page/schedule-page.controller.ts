import { Body, Controller, Get, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import { IntField } from '@platform/contracts';
import { ERROR_BODY_REF, Public, RawResponse } from '@platform/runtime';
import type { FastifyReply } from 'fastify';
import { randomBytes } from 'node:crypto';
import { TokenParam } from '../dto/scheduling.dto';
import { DayField } from '../../shared-dto/date-time.field';
import { PublicRateLimitGuard } from '../public-rate-limit.guard';
import { renderSchedulePage } from './schedule-page.render';
import { type PageResult, SchedulePageService } from './schedule-page.service';

export class SchedulePageQuery {
  @IntField({
    optional: true,
    min: 0,
    max: 20,
    fromText: true,
    description: 'Set after a submission: how many slots were kept',
    example: 3,
  })
  submitted?: number;
  @DayField({
    optional: true,
    description: "Only the slots starting on or after this day, in the project's time zone",
    example: '2026-12-01',
  })
  from?: string;
  @DayField({
    optional: true,
    description: "Only the slots starting on or before this day, in the project's time zone",
    example: '2026-12-07',
  })
  to?: string;
}

/** An example page, shortened: the document the page sends, with `code` (a refusal's machine code) on <main>. */
const pageExample = (title: string, main: string, code?: string) =>
  `<!doctype html>\n<html lang="ja">\n<head>\n<meta charset="utf-8">\n<title>${title}</title>\n</head>\n<body>\n` +
  `<main${code ? ` data-error-code="${code}"` : ''}>\n${main}\n</main>\n</body>\n</html>`;
const PROJECT = '2026年冬 動画配信サービス利用者インタビュー';
const EXAMPLES = {
  page: pageExample(
    `${PROJECT} インタビュー日程`,
    `<h1>${PROJECT} インタビュー日程のご希望</h1><p>山田 太郎 様</p>\n<p>所要時間: 60分</p>`,
  ),
  expired: pageExample(
    'このリンクは有効期限が切れています',
    '<h1>このリンクは有効期限が切れています</h1>' +
      '<div class="card"><p>お手数ですが、担当者に新しいご案内メールの送付をご依頼ください。</p></div>',
    'SCHEDULING_TOKEN_ERROR',
  ),
  unknown: pageExample('このリンクは無効です', '<h1>このリンクは無効です</h1>', 'NOT_FOUND'),
  none: pageExample(
    `${PROJECT} インタビュー日程`,
    `<h1>${PROJECT} インタビュー日程のご希望</h1><div class="notice error" role="alert">日時を1件以上お選びください。</div>`,
    'VALIDATION_FAILED',
  ),
  taken: pageExample(
    `${PROJECT} インタビュー日程`,
    `<h1>${PROJECT} インタビュー日程のご希望</h1>` +
      '<div class="notice error" role="alert">選択した日時の一部が選べなくなりました。もう一度お選びください。</div>',
    'SLOT_NOT_AVAILABLE',
  ),
};
const html = (description: string, example: string) => ({
  description,
  content: {
    'text/html': {
      schema: {
        type: 'string' as const,
        description: 'A whole HTML document in Japanese; on a refusal, <main> names the machine code in data-error-code',
        example,
      },
    },
  },
});
/** A malformed token or query is refused by validation in the service's JSON error body; the page's own refusals are HTML. */
const htmlOrJson = (description: string, example: string) => ({
  description,
  content: { ...html(description, example).content, 'application/json': { schema: { $ref: ERROR_BODY_REF } } },
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
  @ApiResponse({ status: 200, ...html('The page', EXAMPLES.page) })
  @ApiResponse({ status: 400, ...htmlOrJson(PAGE_ERRORS[400], EXAMPLES.expired) })
  @ApiResponse({ status: 404, ...html(PAGE_ERRORS[404], EXAMPLES.unknown) })
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
    schema: {
      type: 'object',
      description: 'The page form, URL-encoded: one slot field per ticked box',
      properties: {
        slot: {
          type: 'array',
          items: { type: 'string', maxLength: 64 },
          maxItems: 20,
          description: 'A slotId of the slots list, repeated once per chosen slot (1 to 20; earlier choices on other days included)',
          example: ['Xq3vN8kLm2PzR7tYw0aBcD', 'b7Hk2QwErT5yUiOp9LzXcV'],
        },
      },
    },
  })
  @ApiProduces('text/html')
  @ApiResponse({ status: 303, description: 'Submitted: to the page with ?submitted=<count>' })
  @ApiResponse({
    status: 400,
    ...htmlOrJson(`No slot or more than 20 (data-error-code VALIDATION_FAILED); ${PAGE_ERRORS[400]}`, EXAMPLES.none),
  })
  @ApiResponse({ status: 404, ...html(PAGE_ERRORS[404], EXAMPLES.unknown) })
  @ApiResponse({ status: 409, ...html('A chosen slot is no longer available (data-error-code SLOT_NOT_AVAILABLE)', EXAMPLES.taken) })
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
