import { Inject, Injectable } from '@nestjs/common';
import { type Collection, type Db, type Filter, type FindOptions, ObjectId, type WithId } from 'mongodb';
import { RACING_TYPES } from './jobs';
import { MONGO_DB } from '@platform/persistence';
import { COLLECTIONS, RACE_COLLECTIONS } from './collections';
import type { ArticleDocument, FoundRace, NgWordDocument, RaceDocument } from './documents';

/** The ObjectId a string names, or undefined when it is not one (such ids match nothing). */
export function toObjectId(id: string): ObjectId | undefined {
  return /^[0-9a-f]{24}$/i.test(id) ? new ObjectId(id) : undefined;
}

const notDeleted = { deleted_at: null };

/**
 * The live document with this id, or undefined. The filter is the id alone and deletion is checked here: the same
 * answer as `{_id, deleted_at: null}`, but FerretDB 1.x (the local store) serves only an id-only filter from its
 * primary key and scans the whole collection for anything more (1 s at 2,000 blogs with embeddings).
 */
export async function findLiveById<T extends { deleted_at: number | null }, Id>(
  collection: Collection<T>,
  _id: Id,
  options?: FindOptions,
): Promise<WithId<T> | undefined> {
  const found = (await collection.findOne({ _id } as Filter<T>, options)) as WithId<T> | null;
  return found && found.deleted_at == null ? found : undefined; // null or absent, as the filter would match
}

@Injectable()
export class RaceStore {
  constructor(@Inject(MONGO_DB) private readonly db: Db) {}

  /** Race ids are unique across types, so a race is found by searching the three collections. */
  async find(raceId: string): Promise<FoundRace | undefined> {
    const found = await Promise.all(
      RACING_TYPES.map(async (type) => {
        const race = await findLiveById(this.db.collection<RaceDocument>(RACE_COLLECTIONS[type]), raceId);
        return race ? { type, race } : undefined;
      }),
    );
    return found.find((f) => f !== undefined);
  }
}

@Injectable()
export class ArticleStore {
  constructor(@Inject(MONGO_DB) private readonly db: Db) {}

  private get articles() {
    return this.db.collection<ArticleDocument>(COLLECTIONS.articles);
  }

  async findById(id: string): Promise<ArticleDocument | undefined> {
    const _id = toObjectId(id);
    return _id && findLiveById(this.articles, _id);
  }

  /**
   * generating to draft with the built body (and the fact check and NG-word hits when given); false when the
   * article was no longer generating, waits for another generation than `details.generationId`, or this generation
   * was already finished (see `claim`).
   */
  async completeGeneration(id: string, bodyHtml: string, now = Date.now(), details: GenerationDetails = {}): Promise<boolean> {
    return this.finish(id, details.generationId, 'draft', now, {
      status: 'draft',
      body_html: bodyHtml,
      generation_error: null,
      ...(details.accuracyTestData ? { accuracy_test_data_json: JSON.stringify(details.accuracyTestData) } : {}),
      ...(details.ngWordHits ? { ng_word_hits: details.ngWordHits } : {}),
      updated_at: now,
    });
  }

  /** generating to failed with the reason (and the failed fact check when given); false when no longer generating. */
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
    const stuck = await this.articles
      .find({ status: 'generating', updated_at: { $lt: before }, ...notDeleted }, { projection: { _id: 1 } })
      .limit(500)
      .toArray();
    let failed = 0;
    for (const article of stuck) {
      const done = await this.finish(article._id.toHexString(), undefined, 'failed', now, {
        status: 'failed',
        generation_error: reason.slice(0, 1000),
        updated_at: now,
      });
      if (done) failed++;
    }
    return failed;
  }

  /**
   * Ends the generation an article waits for, once: the article is read by id and must be generating (for this
   * generation, when one is named); then the generation is claimed in `generation_claims` (unique id
   * `<article>:<generation>`), so of a worker finishing, its final failure and the sweeper only the first acts, and a
   * redelivery finds it claimed (see `claimGeneration` for a claimant that died before its write); then the article
   * is written by id. This is the compare-and-set of the pipeline with
   * id-only filters: FerretDB (the local store) serves those from its key and scans the collection for any other.
   */
  private async finish(
    id: string,
    generationId: string | null | undefined,
    outcome: 'draft' | 'failed',
    now: number,
    changes: Partial<ArticleDocument>,
  ): Promise<boolean> {
    const article = await this.findById(id);
    if (!article || article.status !== 'generating') return false;
    if (generationId && article.generation_id && article.generation_id !== generationId) return false;
    const claim = `${article._id.toHexString()}:${article.generation_id ?? generationId ?? `untracked-${article.updated_at}`}`;
    if (!(await claimGeneration(this.db, claim, outcome, now))) return false;
    const result = await this.articles.updateOne({ _id: article._id }, { $set: changes });
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

/** A unique-index violation, from MongoDB (11000) or FerretDB's SQLite backend. */
export function isDuplicateKey(error: unknown): boolean {
  return (error as { code?: unknown }).code === 11000 || String((error as Error).message).includes('UNIQUE constraint failed');
}

export interface GenerationDetails {
  /** Only the generation with this job id may finish (absent: any). */
  generationId?: string | null;
  accuracyTestData?: Record<string, unknown> | null;
  ngWordHits?: string[];
}

/** The filter of "this generation": documents without a generation id (made before ids existed) match any. */
export function sameGeneration(generationId: string | null | undefined): Record<string, unknown> {
  return generationId ? { generation_id: { $in: [generationId, null] } } : {};
}

@Injectable()
export class NgWordStore {
  constructor(@Inject(MONGO_DB) private readonly db: Db) {}

  /** The prohibited words generation output is screened against. */
  async activeWords(): Promise<string[]> {
    const words = await this.db
      .collection<NgWordDocument>(COLLECTIONS.ngWords)
      .find(notDeleted, { projection: { name: 1 } })
      .toArray();
    return words.map((w) => w.name).filter((name) => name.length > 0);
  }
}
