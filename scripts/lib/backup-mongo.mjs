// The MongoDB part of a backup (scripts/backup.sh), with the official driver the apps use: one file per collection,
// mongo/<collection>.json.gz, each line a document in canonical Extended JSON (every BSON type kept: ObjectId, Date,
// Int64, Decimal128, Binary), which is what `mongoexport --jsonFormat=canonical` writes and `mongoimport` reads.
// MongoDB's own dump tools are not used because the Go module proxy these machines reach refuses every version of
// github.com/mongodb/mongo-tools and Debian has no package of them (docs/decisions.md, "Backups with the stores' own
// tools"). Indexes are not kept: the apps create them at start, and backup-finalize.ts after a restore.
//   node scripts/lib/backup-mongo.mjs dump <folder> <database>
//   node scripts/lib/backup-mongo.mjs restore <folder> <database>     (into an empty database: backup.sh drops it first)
// MONGODB_URI names the server (in the environment, never on the command line).
import { createReadStream, createWriteStream, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { BSON, MongoClient } from 'mongodb';

const { EJSON } = BSON;

const [command, dir, database] = process.argv.slice(2);
const SUFFIX = '.json.gz';
const BATCH = 500;

async function dump(db, folder) {
  mkdirSync(folder, { recursive: true });
  const counts = {};
  const collections = await db.listCollections({ type: 'collection' }, { nameOnly: true }).toArray();
  for (const { name } of collections.sort((a, b) => a.name.localeCompare(b.name))) {
    let documents = 0;
    // In _id order, so two backups of the same data are the same bytes.
    const cursor = db.collection(name).find({}, { sort: { _id: 1 } });
    async function* lines() {
      for await (const document of cursor) {
        documents += 1;
        yield `${EJSON.stringify(document, { relaxed: false })}\n`;
      }
    }
    await pipeline(lines, createGzip(), createWriteStream(join(folder, `${name}${SUFFIX}`)));
    counts[name] = documents;
  }
  return counts;
}

async function restore(db, folder) {
  const counts = {};
  for (const file of readdirSync(folder).filter((f) => f.endsWith(SUFFIX))) {
    const name = file.slice(0, -SUFFIX.length);
    const collection = db.collection(name);
    await db.createCollection(name);
    const input = createReadStream(join(folder, file)).pipe(createGunzip());
    let batch = [];
    let documents = 0;
    for await (const line of createInterface({ input, crlfDelay: Infinity })) {
      if (!line) continue;
      batch.push(EJSON.parse(line, { relaxed: false }));
      if (batch.length === BATCH) {
        await collection.insertMany(batch, { ordered: true });
        documents += batch.length;
        batch = [];
      }
    }
    if (batch.length) await collection.insertMany(batch, { ordered: true });
    counts[name] = documents + batch.length;
  }
  return counts;
}

if (!['dump', 'restore'].includes(command) || !dir || !database || !process.env.MONGODB_URI) {
  process.stderr.write('usage: MONGODB_URI=... node scripts/lib/backup-mongo.mjs dump|restore <folder> <database>\n');
  process.exit(2);
}
const client = await MongoClient.connect(process.env.MONGODB_URI);
try {
  const counts = await (command === 'dump' ? dump : restore)(client.db(database), dir);
  process.stdout.write(`${JSON.stringify(counts)}\n`);
} finally {
  await client.close();
}
