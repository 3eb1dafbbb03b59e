import { ObjectId } from 'mongodb';
import { type ArticleDocument, generatingArticle, RACE_CONTENT_QUEUE_LIST } from '@platform/race-content-data';
import { startWorkerKit as startKit } from '@platform/testing/harness';
import { AppModule } from '../src/app.module';
import { loadArticleWorkerConfig } from '../src/config';
import { ARTICLE_WORKER_HTTP } from '../src/http-surface';

/** article-worker on the shared worker kit (libs/testing), with the article documents its tests arrange and read. */
export async function startWorkerKit(env: Record<string, string> = {}) {
  const kit = await startKit({
    scopePrefix: 'aw',
    name: 'article-worker',
    queues: RACE_CONTENT_QUEUE_LIST,
    load: loadArticleWorkerConfig,
    module: (config) => AppModule.register(config),
    surface: ARTICLE_WORKER_HTTP,
    env,
  });
  return {
    ...kit,
    async insertGeneratingArticle(raceId: string, generationId: string | null = null, now = Date.now()): Promise<string> {
      const article = generatingArticle({ race_id: raceId, title: 'Result', opening_at: now, closing_at: null }, generationId, now);
      await kit.db.collection<ArticleDocument>('articles').insertOne(article);
      return article._id.toHexString();
    },

    article: (id: string) => kit.db.collection('articles').findOne({ _id: new ObjectId(id) }),
  };
}

export type WorkerKit = Awaited<ReturnType<typeof startWorkerKit>>;

export const horseRaceResult = {
  race_id: 'h-2026-11-01-11',
  race_date: '2026-11-01',
  track_name: '東京',
  race_number: '11',
  race_name: '天皇賞',
  weather: '晴',
  entries: [
    { rank: 1, name: 'ハヤテ', number: 3, time: '1:56.8' },
    { rank: 2, name: 'サクラ', number: 5 },
  ],
};
