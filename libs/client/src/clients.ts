import createClient, { type Client } from 'openapi-fetch';
import { ApiError } from './errors';
import type * as aiWebhook from './generated/ai-webhook';
import type * as raceContent from './generated/race-content-api';
import type * as recruiting from './generated/recruiting-api';
import type * as surveyBuilder from './generated/survey-builder-api';
import { type ClientOptions, platformFetch } from './transport';

export type RecruitingClient = Client<recruiting.paths>;
export type SurveyBuilderClient = Client<surveyBuilder.paths>;
export type RaceContentClient = Client<raceContent.paths>;
export type AiWebhookClient = Client<aiWebhook.paths>;

export type RecruitingErrorCode = recruiting.ErrorCode;
export type SurveyBuilderErrorCode = surveyBuilder.ErrorCode;
export type RaceContentErrorCode = raceContent.ErrorCode;
export type AiWebhookErrorCode = aiWebhook.ErrorCode;

const create = <Paths extends object>(options: ClientOptions): Client<Paths> =>
  createClient<Paths>({ baseUrl: options.baseUrl.replace(/(?<!\/)\/+$/, ''), headers: options.headers, fetch: platformFetch(options) });

/** recruiting-api (`/api/v1/...`): with `auth` (an AuthSession from the login) or a fixed `token`. */
export const createRecruitingClient = (options: ClientOptions): RecruitingClient => create<recruiting.paths>(options);

/**
 * survey-builder-api (`/api/...`) through the edge, which takes the platform access token (`auth` or `token`) and
 * sets the builder's identity from it.
 */
export const createSurveyBuilderClient = (options: ClientOptions): SurveyBuilderClient => create<surveyBuilder.paths>(options);

/** race-content-api (`/v1/...`): a platform access token. */
export const createRaceContentClient = (options: ClientOptions): RaceContentClient => create<raceContent.paths>(options);

/** ai-webhook's status read (the wf2des event-run status): an identity provider token. */
export const createAiWebhookClient = (options: ClientOptions): AiWebhookClient => create<aiWebhook.paths>(options);

/** Whether `error` is an ApiError of recruiting with one of `codes` (any code when none is given). */
export const isRecruitingError = (error: unknown, ...codes: RecruitingErrorCode[]): error is ApiError<RecruitingErrorCode> =>
  ApiError.is(error, ...codes);
export const isSurveyBuilderError = (error: unknown, ...codes: SurveyBuilderErrorCode[]): error is ApiError<SurveyBuilderErrorCode> =>
  ApiError.is(error, ...codes);
export const isRaceContentError = (error: unknown, ...codes: RaceContentErrorCode[]): error is ApiError<RaceContentErrorCode> =>
  ApiError.is(error, ...codes);
export const isAiWebhookError = (error: unknown, ...codes: AiWebhookErrorCode[]): error is ApiError<AiWebhookErrorCode> =>
  ApiError.is(error, ...codes);
