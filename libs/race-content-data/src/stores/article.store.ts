import { Inject, Injectable } from '@nestjs/common';
import type { Db, Filter } from 'mongodb';
import { MONGO_DB } from '@platform/persistence';
import { COLLECTIONS } from '../documents/collections';
import type { ArticleDocument, ArticleStatus } from '../documents/documents';
import { waitsForGeneration } from '../documents/generation';
import { isDuplicateKey, LIVE, LiveStore, type PageRequest } from './live-store';

export type ArticleChanges = Partial<
  Pick<ArticleDocument, 'race_id' | 'title' | 'body_html' | 'status' | 'opening_at' | 'closing_at' | 'accuracy_test_data_json'>
>;

export interface ArticleListRequest extends PageRequest {
  race_id?: string;
  status?: ArticleStatus;
}

export interface GenerationDetails {
  /** Only the generation with this job id may finish (absent: any). */
  generationId?: string | null;
  accuracyTestData?: Record<string, unknown> | null;
  ngWordHits?: string[];
}

/**
 * The articles collection, used by the API and the article worker alike. Each change of an article's state has one
 * method: an edit (`update`), failed to generating (`restartGeneration`), generating to draft (`completeGeneration`)
 * and generating to failed (`failGeneration`, `failStuck`), the last three through `finish`.
 */
@Injectable()
export class ArticleStore extends LiveStore<ArticleDocument> {
  constructor(@Inject(MONGO_DB) db: Db) {
    super(db, COLLECTIONS.articles);
  }

  page(request: ArticleListRequest) {
    const filter: Filter<ArticleDocument> = {};
    if (request.race_id !== undefined) filter.race_id = request.race_id;
    if (request.status !== undefined) filter.status = request.status;
    return this.pageOf(filter, request);
  }

  /** Applies the changes in one write, unless the article moved to `generating` since it was read. */
  update(article: ArticleDocument, changes: ArticleChanges, now: number): Promise<ArticleDocument | null> {
    return this.updateById(article, changes, now, { status: { $ne: 'generating' } });
  }

  /** failed to generating for a new generation, with the custom prompt; null when it was no longer failed. */
  restartGeneration(article: ArticleDocument, customPrompt: string | null, generationId: string, now: number) {
    return this.updateById(
      article,
      { status: 'generating', generation_error: null, custom_prompt: customPrompt, generation_id: generationId },
      now,
      { status: 'failed' },
    );
  }

  /**
   * The status of the latest article (by creation) of each race, for a whole page of races in one query: the
   * articles of those races, newest first, the first of each race kept. (A `$group` with `$first` would do it
   * on MongoDB; FerretDB does not implement `$first`, and a race has only a few articles.)
   */
  async latestStatusOfRaces(raceIds: string[]): Promise<Map<string, ArticleStatus>> {
    const statuses = new Map<string, ArticleStatus>();
    if (raceIds.length === 0) return statuses;
    const articles = await this.collection
      .find({ race_id: { $in: raceIds }, ...LIVE }, { projection: { race_id: 1, status: 1 } })
      .sort({ race_id: 1, created_at: -1, _id: -1 })
      .toArray();
    for (const article of articles) if (!statuses.has(article.race_id)) statuses.set(article.race_id, article.status);
    return statuses;
  }

  /**
   * generating to draft with the built body (and the fact check and NG-word hits when given); false when the
   * article was no longer generating, waits for another generation than `details.generationId`, or this generation
   * was already finished (see `finish`). Given the article its caller has just read, rather than its id, it does
   * not read it again.
   */
  async completeGeneration(
    article: string | ArticleDocument,
    bodyHtml: string,
    now = Date.now(),
    details: GenerationDetails = {},
  ): Promise<boolean> {
    return this.finish(article, details.generationId, 'draft', now, {
      status: 'draft',
      body_html: bodyHtml,
      generation_error: null,
      ...(details.accuracyTestData ? { accuracy_test_data_json: JSON.stringify(details.accuracyTestData) } : {}),
      ...(details.ngWordHits ? { ng_word_hits: details.ngWordHits } : {}),
      updated_at: now,
    });
  }

  /**
   * generating to failed with the reason (and the failed fact check when given); false when no longer generating.
   * Every failure goes through here: a job's final failure or malformed message, and a publish the API could not
   * make (503).
   */
  async failGeneration(id: string, reason: string, now = Date.now(), details: GenerationDetails = {}): Promise<boolean> {
    return this.finish(id, details.generationId, 'failed', now, {
      status: 'failed',
      generation_error: reason.slice(0, 1000),
      ...(details.accuracyTestData ? { accuracy_test_data_json: JSON.stringify(details.accuracyTestData) } : {}),
      updated_at: now,
    });
  }

  /** Articles generating since before `before` become failed with the reason; answers how many. */
  async failStuck(before: number, reason: string, now = Date.now()): Promise<number> {
    const stuck = await this.collection
      .find({ status: 'generating', updated_at: { $lt: before }, ...LIVE }, { projection: { _id: 1 } })
      .limit(500)
      .toArray();
    let failed = 0;
    for (const article of stuck) {
      if (await this.failGeneration(article._id.toHexString(), reason, now)) failed++;
    }
    return failed;
  }

  /**
   * Ends the generation an article waits for, once: the article is read by id (unless the caller has just read it)
   * and must be generating (for this generation, when one is named); then the generation is claimed in
   * `generation_claims` (unique id `<article>:<generation>`), so of a worker finishing, its final failure and the
   * sweeper only the first acts, and a redelivery finds it claimed (see `claimGeneration` for a claimant that died
   * before its write); then the article is written by id. The claim's unique id is the pipeline's compare-and-set:
   * FerretDB 1.x (the local store) does not make two concurrent conditional updates of one document exclusive.
   */
  private async finish(
    idOrArticle: string | ArticleDocument,
    generationId: string | null | undefined,
    outcome: GenerationClaim['outcome'],
    now: number,
    changes: Partial<ArticleDocument>,
  ): Promise<boolean> {
    const article = typeof idOrArticle === 'string' ? await this.findById(idOrArticle) : idOrArticle;
    if (!article || !waitsForGeneration(article, generationId)) return false;
    const claim = `${article._id.toHexString()}:${article.generation_id ?? generationId ?? `untracked-${article.updated_at}`}`;
    if (!(await claimGeneration(this.db, claim, outcome, now))) return false;
    const result = await this.collection.updateOne({ _id: article._id }, { $set: changes });
    return result.matchedCount === 1;
  }
}

/** One ended generation (see ArticleStore.finish); `_id` is `<article id>:<generation id>` (`blog:…` for blogs). */
export interface GenerationClaim {
  _id: string;
  outcome: 'draft' | 'failed';
  at: number;
}

/** How long a claim may stand without its write before another finisher takes it over: its claimant died. */
export const CLAIM_TAKEOVER_MS = 60_000;

/**
 * Claims ending a generation; true when the caller is to write the document, which the caller has just read as
 * still waiting for that generation. A claim that is already there means another finisher came first, unless that
 * finisher died between its claim and its write (a worker killed mid-job): then the document still waits, and
 * the claim is taken over when it agrees with this outcome and ends in a draft (a redelivered job writing the
 * same generation's draft again is harmless) or when it has stood longer than any write takes. Two sweepers
 * releasing the same document at once still act once: the second finds a fresh claim.
 */
export async function claimGeneration(db: Db, _id: string, outcome: GenerationClaim['outcome'], now: number): Promise<boolean> {
  const claims = db.collection<GenerationClaim>(COLLECTIONS.generationClaims);
  try {
    await claims.insertOne({ _id, outcome, at: now });
    return true;
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
  }
  const claim = await claims.findOne({ _id });
  if (!claim) return false;
  const takeOver = (claim.outcome === 'draft' && outcome === 'draft') || now - claim.at >= CLAIM_TAKEOVER_MS;
  if (takeOver) await claims.updateOne({ _id }, { $set: { outcome, at: now } });
  return takeOver;
}

/** The filter of "this generation": documents without a generation id (made before ids existed) match any. */
export function sameGeneration(generationId: string | null | undefined): Record<string, unknown> {
  return generationId ? { generation_id: { $in: [generationId, null] } } : {};
}
