import { ObjectId } from 'mongodb';
import {
  type BlogDocument,
  RACE_COLLECTIONS,
  type RaceDocument,
  RACE_CONTENT_QUEUE_LIST,
  type RacingType,
} from '@platform/race-content-data';
import { startWorkerKit } from '@platform/testing/harness';
import { AppModule } from '../src/app.module';
import { loadBlogWorkerConfig } from '../src/config';
import { BLOG_WORKER_HTTP } from '../src/http-surface';

/** blog-worker on the shared worker kit (libs/testing) with a bucket of its own, and the races and blogs it reads. */
export async function startBlogWorkerKit(env: Record<string, string> = {}) {
  const kit = await startWorkerKit({
    scopePrefix: 'bw',
    name: 'blog-worker',
    queues: RACE_CONTENT_QUEUE_LIST,
    load: loadBlogWorkerConfig,
    module: (config) => AppModule.register(config),
    surface: BLOG_WORKER_HTTP,
    storage: (config) => config.storage,
    env,
  });
  const { db } = kit;
  return {
    ...kit,
    storage: kit.storage!,

    async insertRace(type: RacingType, raceResult: Record<string, unknown>, prediction: Record<string, unknown> | null = null) {
      const now = Date.now();
      await db.collection<RaceDocument>(RACE_COLLECTIONS[type]).insertOne({
        _id: raceResult.race_id as string,
        name: `${raceResult.race_date}_race`,
        race_result_json: JSON.stringify(raceResult),
        prediction_json: prediction ? JSON.stringify(prediction) : null,
        created_at: now,
        updated_at: now,
        deleted_at: null,
      });
    },

    async insertBlog(fields: Partial<BlogDocument> = {}): Promise<string> {
      const now = Date.now();
      const blog: BlogDocument = {
        _id: new ObjectId(),
        name: 'ブログ',
        race_id: null,
        race_type: null,
        blog_type: null,
        old_blog_id: null,
        source_url: null,
        category_id: null,
        body_html: '',
        status: 'generating',
        embedding: null,
        generation_id: null,
        created_at: now,
        updated_at: now,
        deleted_at: null,
        ...fields,
      };
      await db.collection<BlogDocument>('blogs').insertOne(blog);
      return blog._id.toHexString();
    },

    blog: (blogId: string) => db.collection<BlogDocument>('blogs').findOne({ _id: new ObjectId(blogId) }),
  };
}

export type BlogWorkerKit = Awaited<ReturnType<typeof startBlogWorkerKit>>;

export const tennoSho = {
  race_id: 'h-2026-11-01-11',
  race_date: '2026-11-01',
  track_name: '東京',
  race_number: '11',
  race_name: '天皇賞（秋）',
  weather: '晴',
  entries: [
    { rank: 1, name: 'ハヤテノカゼ', number: 7, time: '1:56.8', odds: 3.4, popularity: 1 },
    { rank: 2, name: 'サクラブライト', number: 11, margin: '1 1/4', odds: 4.1, popularity: 2 },
    { rank: 3, name: 'ミッドナイトラン', number: 3, margin: '1/2', odds: 12.6, popularity: 5 },
  ],
};

export const tennoShoPrediction = {
  race_id: 'h-2026-11-01-11',
  entries: [
    { number: 7, name: 'ハヤテノカゼ', mark: '◎', win_probability: 0.29, comment: '前走の末脚が鋭い' },
    { number: 11, name: 'サクラブライト', mark: '○', win_probability: 0.24, comment: '府中巧者' },
  ],
};
