// Drops one MongoDB database before a restore (scripts/backup.sh), so that no collection made after the backup
// survives it (backup-mongo.mjs restores into an empty database). Arguments: URI, database.
import { MongoClient } from 'mongodb';

const [uri, database] = process.argv.slice(2);
const client = await MongoClient.connect(uri);
try {
  await client.db(database).dropDatabase();
} finally {
  await client.close();
}
