// `npm run -s warehouse:seed` writes the local survey answer warehouse (schema `warehouse`, three surveys; idempotent);
// `npm run -s warehouse:sync` refreshes recruiting-api's survey metadata cache from it (the app also does at start-up).
// WAREHOUSE_URL names the warehouse database and DATABASE_URL recruiting's; scripts/warehouse.sh defaults both to the
// platform database of scripts/up.sh.
import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import { Pool } from 'pg';
import type { DB } from '../apps/recruiting-api/src/database/schema';
import { SurveyMetadataRepository } from '../apps/recruiting-api/src/database/repositories/survey-metadata.repository';
import { WarehouseClient } from '../apps/recruiting-api/src/warehouse/warehouse.client';
import { WarehouseRepository } from '../apps/recruiting-api/src/warehouse/warehouse.repository';
import { seedWarehouse } from '../apps/recruiting-api/test/support/warehouse-seed';

async function main(command: string | undefined): Promise<void> {
  const warehouseUrl = process.env.WAREHOUSE_URL;
  if (!warehouseUrl) throw new Error('WAREHOUSE_URL is not set');
  if (command === 'seed') {
    const pool = new Pool({ connectionString: warehouseUrl, max: 1 });
    try {
      const { surveys, respondents } = await seedWarehouse(pool);
      console.log(JSON.stringify({ seeded: { surveys, respondents } }));
    } finally {
      await pool.end();
    }
    return;
  }
  if (command === 'sync') {
    if (!process.env.DATABASE_URL) throw new Error('DATABASE_URL is not set');
    const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 2, options: '-c search_path=recruiting' });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] });
    const warehouse = new WarehouseClient(warehouseUrl);
    try {
      const rows = await new WarehouseRepository(warehouse).stats();
      await new SurveyMetadataRepository().replaceAll(db, rows);
      console.log(JSON.stringify({ synced: rows.map((r) => ({ surveyId: r.surveyId, respondents: r.respondentCount })) }));
    } finally {
      await db.destroy();
      await warehouse.onApplicationShutdown();
    }
    return;
  }
  throw new Error('usage: warehouse.ts seed|sync');
}

main(process.argv[2]).catch((error: Error) => {
  console.error(`warehouse: ${error.message}`);
  process.exit(1);
});
