import { type CommandStartedEvent, type Db, MongoClient } from 'mongodb';
import { testServices, useTestScope } from '@platform/testing/harness';
import { RACE_COLLECTIONS } from '../documents/collections';
import type { RaceDocument } from '../documents/documents';
import { generatingArticle } from '../documents/generation';
import { ArticleStore } from './article.store';
import { RaceStore } from './race.store';

// The store calls of the article pipeline, counted on the real store: what each step reads and writes.
const scope = useTestScope('rcdreads');
let db: Db;
/** The store commands since the last `calls()`, as "<command> <collection>". */
const commands: string[] = [];
const calls = () => commands.splice(0);

beforeAll(async () => {
  const client = scope.track('the MongoDB client', await MongoClient.connect(testServices.mongoUri, { monitorCommands: true }));
  client.on('commandStarted', (e: CommandStartedEvent) => {
    if (['find', 'insert', 'update', 'delete'].includes(e.commandName))
      commands.push(`${e.commandName} ${String(e.command[e.commandName])}`);
  });
  db = client.db(scope.mongoDatabase());
});

const race = (id: string, now = Date.now()): RaceDocument => ({
  _id: id,
  name: `race ${id}`,
  race_result_json: '{"race_id":"x"}',
  prediction_json: null,
  created_at: now,
  updated_at: now,
  deleted_at: null,
});

describe('RaceStore.find', () => {
  it('reads the registry once, then the race alone, by id in the collection of its type', async () => {
    const races = new RaceStore(db);
    await races.claimId('h-reads-1', 'horse_racing', Date.now());
    await races.insert('horse_racing', race('h-reads-1'));
    calls();
    expect((await races.find('h-reads-1'))?.type).toBe('horse_racing');
    expect(calls()).toEqual(['find race_ids', 'find horse_racing_races']);
    expect((await races.find('h-reads-1'))?.race._id).toBe('h-reads-1');
    expect(calls()).toEqual(['find horse_racing_races']);
  });

  it('finds a race deleted and uploaded again as another type in its new collection, and a deleted one nowhere', async () => {
    const races = new RaceStore(db);
    await races.claimId('h-reads-2', 'horse_racing', Date.now());
    await races.insert('horse_racing', race('h-reads-2'));
    const first = (await races.find('h-reads-2'))!;
    expect(await races.softDelete(first, Date.now())).toBe(true);
    expect(await races.find('h-reads-2')).toBeUndefined();
    await races.claimId('h-reads-2', 'bicycle_racing', Date.now());
    await races.insert('bicycle_racing', { ...race('h-reads-2'), name: 'again' });
    calls();
    const again = await races.find('h-reads-2');
    expect(again).toMatchObject({ type: 'bicycle_racing', race: { name: 'again' } });
    expect(calls()).toEqual(['find race_ids', 'find bicycle_racing_races']);
  });

  it('searches the three collections for a race without a registry entry, and finds no unknown race', async () => {
    const races = new RaceStore(db);
    await db.collection<RaceDocument>(RACE_COLLECTIONS.auto_racing).insertOne(race('a-unregistered'));
    expect((await races.find('a-unregistered'))?.type).toBe('auto_racing');
    calls();
    expect(await races.find('a-unregistered')).toBeDefined();
    expect(calls()).toEqual(['find auto_racing_races']);
    expect(await races.find('x-unknown')).toBeUndefined();
  });
});

describe('ArticleStore.completeGeneration given the article just read', () => {
  const generating = (generationId: string) =>
    generatingArticle({ race_id: 'h-reads-1', title: 'Result', opening_at: Date.now(), closing_at: null }, generationId, Date.now());

  it('claims the generation and writes the draft without reading the article again', async () => {
    const articles = new ArticleStore(db);
    const doc = generating('g-1');
    await articles.insert(doc);
    const read = (await articles.findById(doc._id.toHexString()))!;
    calls();
    expect(await articles.completeGeneration(read, '<p>done</p>', Date.now(), { generationId: 'g-1' })).toBe(true);
    expect(calls()).toEqual(['insert generation_claims', 'update articles']);
    expect(await articles.findById(doc._id.toHexString())).toMatchObject({ status: 'draft', body_html: '<p>done</p>' });
  });

  it('leaves an article failed by a finisher that came after the read but claimed first', async () => {
    const articles = new ArticleStore(db);
    const doc = generating('g-2');
    await articles.insert(doc);
    const read = (await articles.findById(doc._id.toHexString()))!;
    expect(await articles.failGeneration(doc._id.toHexString(), 'stuck', Date.now(), { generationId: 'g-2' })).toBe(true);
    expect(await articles.completeGeneration(read, '<p>late</p>', Date.now(), { generationId: 'g-2' })).toBe(false);
    expect(await articles.findById(doc._id.toHexString())).toMatchObject({ status: 'failed', body_html: '', generation_error: 'stuck' });
  });
});
