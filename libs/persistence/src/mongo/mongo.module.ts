import { type DynamicModule, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { type CreateIndexesOptions, type Db, type IndexSpecification, MongoClient } from 'mongodb';
import type { HealthCheck } from '@platform/runtime';

export const MONGO_CLIENT = Symbol('MONGO_CLIENT');
export const MONGO_DB = Symbol('MONGO_DB');

/** An index the app needs; created (idempotently) at start-up. */
export interface MongoIndex {
  collection: string;
  key: IndexSpecification;
  options?: CreateIndexesOptions;
}

export interface MongoOptions {
  uri: string;
  /** Database name; defaults to the one in the URI. */
  dbName?: string;
  indexes?: MongoIndex[];
  /** How long start-up and each operation wait to find the server. */
  serverSelectionTimeoutMs?: number;
}

/** Connects, proves the server answers, and creates the app's indexes. */
export async function connectMongo(options: MongoOptions): Promise<MongoClient> {
  const client = new MongoClient(options.uri, {
    serverSelectionTimeoutMS: options.serverSelectionTimeoutMs ?? 5000,
    connectTimeoutMS: options.serverSelectionTimeoutMs ?? 5000,
  });
  try {
    await client.connect();
    const db = client.db(options.dbName);
    await db.command({ ping: 1 });
    await ensureIndexes(db, options.indexes ?? []);
    return client;
  } catch (error) {
    await client.close().catch(() => undefined);
    throw new Error(`MongoDB did not answer: ${(error as Error).message}`);
  }
}

export async function ensureIndexes(db: Db, indexes: MongoIndex[]): Promise<void> {
  for (const index of indexes) {
    await db.collection(index.collection).createIndex(index.key, index.options ?? {});
  }
}

@Injectable()
class MongoLifecycle implements OnApplicationShutdown {
  constructor(@Inject(MONGO_CLIENT) private readonly client: MongoClient) {}

  /** After HTTP and consumers have drained, so in-flight work can still write. */
  async onApplicationShutdown(): Promise<void> {
    await this.client.close();
  }
}

/** The official MongoDB driver for an app: inject MONGO_DB for the database handle. */
@Module({})
export class MongoModule {
  static forRoot(options: MongoOptions): DynamicModule {
    return {
      module: MongoModule,
      global: true,
      providers: [
        { provide: MONGO_CLIENT, useFactory: () => connectMongo(options) },
        { provide: MONGO_DB, inject: [MONGO_CLIENT], useFactory: (client: MongoClient) => client.db(options.dbName) },
        MongoLifecycle,
      ],
      exports: [MONGO_CLIENT, MONGO_DB],
    };
  }
}

export function mongoHealthCheck(db: Db): HealthCheck {
  return { name: 'mongodb', required: true, check: async () => void (await db.command({ ping: 1 })) };
}
