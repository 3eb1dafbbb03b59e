import { seededRandom } from '@platform/testing/harness';
import type { Pool, PoolClient } from 'pg';

/**
 * The local survey answer warehouse: schema `warehouse` with three surveys of realistic answers, written by
 * `npm run -s warehouse:seed` (and by the tests into their own database). Deterministic and idempotent: a run
 * replaces the seeded surveys with the same rows.
 */

type Kind = 'single_select' | 'multi_select' | 'text' | 'number' | 'date' | 'other';

interface SeedQuestion {
  text: string;
  type: Kind;
  options?: string[];
  /** A matrix: one question per item, keyed `text|||item`, each answered on `options`. */
  items?: string[];
  answer: (r: Random, i: number) => unknown;
}

interface SeedSurvey {
  surveyId: string;
  name: string;
  collectorName: string;
  fileCount: number;
  respondents: number;
  /** Share of respondents who did not finish. */
  incomplete: number;
  start: Date;
  questions: SeedQuestion[];
}

type Random = () => number;

const pick = <T>(r: Random, items: readonly T[]): T => items[Math.floor(r() * items.length)];

const FAMILY = ['佐藤', '鈴木', '高橋', '田中', '伊藤', '渡辺', '山本', '中村', '小林', '加藤', '吉田', '山田', '佐々木', '松本', '井上'];
const GIVEN = ['太郎', '花子', '翔太', '美咲', '大輝', '陽菜', '健一', '優子', '拓海', 'さくら', '直樹', '葵', '蓮', '結衣', '悠真'];
const ROMAJI = [
  'sato',
  'suzuki',
  'takahashi',
  'tanaka',
  'ito',
  'watanabe',
  'yamamoto',
  'nakamura',
  'kobayashi',
  'kato',
  'yoshida',
  'yamada',
  'sasaki',
  'matsumoto',
  'inoue',
];
const PREFS = ['東京都', '神奈川県', '千葉県', '埼玉県', '大阪府', '愛知県', '福岡県', '北海道', '京都府', '兵庫県'];
const SERVICES = ['動画配信', '音楽配信', 'フードデリバリー', 'ネットスーパー', 'フリマアプリ', '電子書籍'];
const SATISFACTION = ['とても満足', 'やや満足', 'どちらともいえない', 'やや不満', 'とても不満'];
const COMMENTS = [
  'とても便利で毎日使っています。',
  '動作が遅いと感じることがあります。\n特に夜の時間帯。',
  '価格がもう少し安いと嬉しいです',
  '使いやすいが、検索機能に改善の余地あり',
  '特になし',
  'サポートの対応が丁寧でした\t(チャット)',
];

const DEVICES = [
  { platform: 'iOS', browser: 'Safari', browserVersion: '18.1', os: 'iOS 18.1', resolution: '390x844', isMobile: true },
  { platform: 'Android', browser: 'Chrome', browserVersion: '131.0', os: 'Android 15', resolution: '412x915', isMobile: true },
  { platform: 'Windows', browser: 'Edge', browserVersion: '131.0', os: 'Windows 11', resolution: '1920x1080', isMobile: false },
  { platform: 'macOS', browser: 'Chrome', browserVersion: '131.0', os: 'macOS 15.1', resolution: '1512x982', isMobile: false },
  { platform: 'Windows', browser: 'Firefox', browserVersion: '133.0', os: 'Windows 10', resolution: '1366x768', isMobile: false },
];

const ipOf = (r: Random, i: number) =>
  i % 4 === 3
    ? `2001:db8:${(i % 65536).toString(16)}:${Math.floor(r() * 65536).toString(16)}::${Math.floor(r() * 65536).toString(16)}`
    : `${pick(r, [203, 198, 192])}.${Math.floor(r() * 256)}.${Math.floor(r() * 256)}.${1 + Math.floor(r() * 254)}`;

const dateText = (d: Date) => d.toISOString().slice(0, 10);

/** The seeded surveys: the usage survey carries respondent id, name and email questions for survey imports. */
export const SEED_SURVEYS: SeedSurvey[] = [
  {
    surveyId: 'svy-2026-usage',
    name: '2026年 サービス利用実態調査',
    collectorName: 'Webパネル 本調査',
    fileCount: 3,
    respondents: 2000,
    incomplete: 0.12,
    start: new Date('2026-09-01T00:00:00Z'),
    questions: [
      { text: '回答者ID', type: 'text', answer: (_r, i) => `R${String(100000 + i)}` },
      { text: 'お名前', type: 'text', answer: (r) => `${pick(r, FAMILY)} ${pick(r, GIVEN)}` },
      {
        text: 'メールアドレス',
        type: 'text',
        // A few malformed addresses, as real panels have.
        answer: (r, i) => (i % 97 === 13 ? `user${i}@invalid` : `${pick(r, ROMAJI)}.${i}@example.jp`),
      },
      {
        text: '電話番号',
        type: 'text',
        answer: (r) => `090-${String(Math.floor(r() * 9000) + 1000)}-${String(Math.floor(r() * 9000) + 1000)}`,
      },
      {
        text: '性別',
        type: 'single_select',
        options: ['男性', '女性', 'その他', '回答しない'],
        answer: (r) => pick(r, ['男性', '女性', '女性', '男性', 'その他', '回答しない']),
      },
      { text: '年齢', type: 'number', answer: (r) => 18 + Math.floor(r() * 52) },
      { text: 'お住まいの都道府県', type: 'single_select', options: PREFS, answer: (r) => pick(r, PREFS) },
      {
        text: '利用しているサービス(複数選択)',
        type: 'multi_select',
        options: SERVICES,
        answer: (r) => SERVICES.filter(() => r() < 0.4),
      },
      {
        text: 'サービスの満足度',
        type: 'single_select',
        options: SATISFACTION,
        items: ['価格', '使いやすさ', 'サポート'],
        answer: (r) => pick(r, SATISFACTION),
      },
      {
        text: '最後に利用した日',
        type: 'date',
        answer: (r, i) => dateText(new Date(Date.UTC(2026, 7, 1) + ((i * 7919 + Math.floor(r() * 30)) % 60) * 86_400_000)),
      },
      { text: 'ご意見・ご要望', type: 'text', answer: (r) => pick(r, COMMENTS) },
      {
        text: 'インタビュー参加への関心',
        type: 'single_select',
        options: ['参加したい', '内容による', '参加しない'],
        answer: (r) => pick(r, ['参加したい', '内容による', '参加しない']),
      },
    ],
  },
  {
    surveyId: 'svy-2026-concept',
    name: '新商品コンセプト評価アンケート',
    collectorName: '社内モニター',
    fileCount: 1,
    respondents: 300,
    incomplete: 0.2,
    start: new Date('2026-10-05T00:00:00Z'),
    questions: [
      {
        text: 'コンセプトの第一印象',
        type: 'single_select',
        options: ['とても良い', '良い', '普通', '悪い'],
        answer: (r) => pick(r, ['とても良い', '良い', '普通', '悪い']),
      },
      {
        text: '購入意向',
        type: 'single_select',
        options: ['買いたい', 'やや買いたい', 'あまり買いたくない', '買いたくない'],
        answer: (r) => pick(r, ['買いたい', 'やや買いたい', 'あまり買いたくない', '買いたくない']),
      },
      { text: '許容できる価格(円)', type: 'number', answer: (r) => 500 + Math.floor(r() * 30) * 100 },
      {
        text: '魅力に感じた点',
        type: 'multi_select',
        options: ['デザイン', '価格', '機能', 'ブランド'],
        answer: (r) => ['デザイン', '価格', '機能', 'ブランド'].filter(() => r() < 0.5),
      },
      { text: '自由回答', type: 'text', answer: (r) => pick(r, COMMENTS) },
      { text: '回答環境', type: 'other', answer: (r) => pick(r, ['自宅', '職場', '外出先']) },
    ],
  },
  {
    surveyId: 'svy-2026-onboarding',
    name: 'Employee onboarding feedback 2026',
    collectorName: 'HR pulse',
    fileCount: 2,
    respondents: 120,
    incomplete: 0.1,
    start: new Date('2026-08-15T00:00:00Z'),
    questions: [
      { text: 'Respondent ID', type: 'text', answer: (_r, i) => `EMP-${String(5000 + i)}` },
      {
        text: 'Full name',
        type: 'text',
        answer: (r) => `${pick(r, ['Alex', 'Sam', 'Kim', 'Lee', 'Jordan'])} ${pick(r, ['Smith', 'Tanaka', 'Garcia', 'Chen'])}`,
      },
      { text: 'Email', type: 'text', answer: (_r, i) => `employee${i}@example.com` },
      { text: 'Start date', type: 'date', answer: (_r, i) => dateText(new Date(Date.UTC(2026, 3, 1) + (i % 90) * 86_400_000)) },
      {
        text: 'Team',
        type: 'single_select',
        options: ['Engineering', 'Sales', 'Support', 'Design'],
        answer: (r) => pick(r, ['Engineering', 'Sales', 'Support', 'Design']),
      },
      { text: 'How clear was your first week?', type: 'number', answer: (r) => 1 + Math.floor(r() * 5) },
      { text: 'Anything we should change?', type: 'text', answer: (r) => pick(r, ['More pairing', 'Fewer meetings', '', 'Better docs']) },
    ],
  },
];

/** Each survey's question rows: matrix items become their own `text|||item` question. */
export function seedQuestionsOf(survey: SeedSurvey): Array<{ id: string; text: string; type: Kind; options: string[] }> {
  return survey.questions.flatMap((q, n) =>
    q.items
      ? q.items.map((item, k) => ({ id: `q${n + 1}_${k + 1}`, text: `${q.text}|||${item}`, type: q.type, options: q.options ?? [] }))
      : [{ id: `q${n + 1}`, text: q.text, type: q.type, options: q.options ?? [] }],
  );
}

async function createTables(client: PoolClient): Promise<void> {
  await client.query(`CREATE SCHEMA IF NOT EXISTS warehouse`);
  await client.query(`
    CREATE TABLE IF NOT EXISTS warehouse.surveys (
      survey_id text PRIMARY KEY, name text NOT NULL, collector_name text, file_count integer NOT NULL DEFAULT 1,
      last_modified timestamptz NOT NULL DEFAULT now()
    )`);
  await client.query(`
    CREATE TABLE IF NOT EXISTS warehouse.questions (
      survey_id text NOT NULL REFERENCES warehouse.surveys ON DELETE CASCADE, question_id text NOT NULL, position integer NOT NULL,
      question_text text NOT NULL, question_type text NOT NULL, options text[] NOT NULL DEFAULT '{}',
      PRIMARY KEY (survey_id, question_id)
    )`);
  await client.query(`
    CREATE TABLE IF NOT EXISTS warehouse.panels (
      survey_id text NOT NULL REFERENCES warehouse.surveys ON DELETE CASCADE, panel_id text NOT NULL, seq integer NOT NULL,
      is_completed boolean NOT NULL, custom_key text, url_parameter text, completed_at timestamptz,
      created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL, device jsonb, ip_address text,
      answers jsonb NOT NULL DEFAULT '{}',
      PRIMARY KEY (survey_id, panel_id)
    )`);
  await client.query(`CREATE INDEX IF NOT EXISTS panels_by_seq ON warehouse.panels (survey_id, seq)`);
  await client.query(`CREATE INDEX IF NOT EXISTS panels_by_completed ON warehouse.panels (survey_id, completed_at)`);
}

/** Writes the seeded surveys (replacing earlier copies of them) in one transaction; answers how many respondents. */
export async function seedWarehouse(pool: Pool): Promise<{ surveys: number; respondents: number }> {
  const client = await pool.connect();
  let respondents = 0;
  try {
    await client.query('BEGIN');
    await client.query(`SELECT pg_advisory_xact_lock(hashtext('warehouse-seed'))`);
    await createTables(client);
    for (const survey of SEED_SURVEYS) {
      const r = seededRandom([...survey.surveyId].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619), 2166136261));
      await client.query(`DELETE FROM warehouse.surveys WHERE survey_id = $1`, [survey.surveyId]);
      const questions = seedQuestionsOf(survey);
      const lastModified = new Date(survey.start.getTime() + 40 * 86_400_000);
      await client.query(
        `INSERT INTO warehouse.surveys (survey_id, name, collector_name, file_count, last_modified) VALUES ($1, $2, $3, $4, $5)`,
        [survey.surveyId, survey.name, survey.collectorName, survey.fileCount, lastModified],
      );
      await client.query(
        `INSERT INTO warehouse.questions (survey_id, question_id, position, question_text, question_type, options)
         SELECT $1, q.id, q.position, q.text, q.type, array(SELECT jsonb_array_elements_text(q.options))
         FROM jsonb_to_recordset($2::jsonb) AS q(id text, position int, text text, type text, options jsonb)`,
        [survey.surveyId, JSON.stringify(questions.map((q, i) => ({ ...q, position: i + 1 })))],
      );
      const panels = Array.from({ length: survey.respondents }, (_, i) => {
        const completed = r() >= survey.incomplete;
        const created = new Date(survey.start.getTime() + Math.floor(r() * 30 * 86_400_000));
        const answers: Record<string, unknown> = {};
        // An incomplete respondent stopped part-way through.
        const answeredQuestions = completed ? survey.questions.length : Math.floor(r() * survey.questions.length);
        survey.questions.slice(0, answeredQuestions).forEach((q) => {
          if (q.items) for (const item of q.items) answers[`${q.text}|||${item}`] = q.answer(r, i);
          else {
            const value = q.answer(r, i);
            if (value !== '' && !(Array.isArray(value) && value.length === 0)) answers[q.text] = value;
          }
        });
        const completedAt = completed ? new Date(created.getTime() + 60_000 + Math.floor(r() * 1_800_000)) : null;
        return {
          panel_id: `${survey.surveyId.replace('svy-', 'p-')}-${String(i + 1).padStart(5, '0')}`,
          seq: i + 1,
          is_completed: completed,
          custom_key: r() < 0.7 ? `ck_${Math.floor(r() * 1e8).toString(36)}` : null,
          url_parameter: `utm_source=${pick(r, ['mail', 'line', 'web'])}&panel=${i + 1}`,
          completed_at: completedAt?.toISOString() ?? null,
          created_at: created.toISOString(),
          updated_at: (completedAt ?? created).toISOString(),
          device: pick(r, DEVICES),
          ip_address: ipOf(r, i),
          answers,
        };
      });
      respondents += panels.length;
      for (let start = 0; start < panels.length; start += 1000) {
        await client.query(
          `INSERT INTO warehouse.panels (survey_id, panel_id, seq, is_completed, custom_key, url_parameter, completed_at, created_at,
                                         updated_at, device, ip_address, answers)
           SELECT $1, panel_id, seq, is_completed, custom_key, url_parameter, completed_at, created_at, updated_at, device, ip_address, answers
           FROM jsonb_to_recordset($2::jsonb) AS t(panel_id text, seq int, is_completed boolean, custom_key text, url_parameter text,
             completed_at timestamptz, created_at timestamptz, updated_at timestamptz, device jsonb, ip_address text, answers jsonb)`,
          [survey.surveyId, JSON.stringify(panels.slice(start, start + 1000))],
        );
      }
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
  return { surveys: SEED_SURVEYS.length, respondents };
}
