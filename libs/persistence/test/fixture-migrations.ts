import type { MigrationInterface, QueryRunner } from 'typeorm';
import type { LossyDown } from '../src';

export class CreateWidgets1700000000000 implements MigrationInterface, LossyDown {
  readonly downLosesData = 'it drops the widgets';
  name = 'CreateWidgets1700000000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE "fixture"."widget" ("id" serial PRIMARY KEY, "name" text NOT NULL UNIQUE)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "fixture"."widget"`);
  }
}

export class AddWidgetColour1700000000001 implements MigrationInterface, LossyDown {
  readonly downLosesData = "it drops every widget's colour";
  name = 'AddWidgetColour1700000000001';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "fixture"."widget" ADD "colour" text NOT NULL DEFAULT 'red'`);
    await runner.query(`CREATE INDEX "widget_colour_idx" ON "fixture"."widget" ("colour")`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "fixture"."widget" DROP COLUMN "colour"`);
  }
}

/** An expand step whose `down` gives everything back: an index. */
export class IndexWidgetNames1700000000002 implements MigrationInterface {
  name = 'IndexWidgetNames1700000000002';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE INDEX "widget_name_lower_idx" ON "fixture"."widget" (lower("name"))`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX "fixture"."widget_name_lower_idx"`);
  }
}
