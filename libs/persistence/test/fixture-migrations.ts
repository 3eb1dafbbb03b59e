import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateWidgets1700000000000 implements MigrationInterface {
  name = 'CreateWidgets1700000000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE "fixture"."widget" ("id" serial PRIMARY KEY, "name" text NOT NULL UNIQUE)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "fixture"."widget"`);
  }
}

export class AddWidgetColour1700000000001 implements MigrationInterface {
  name = 'AddWidgetColour1700000000001';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "fixture"."widget" ADD "colour" text NOT NULL DEFAULT 'red'`);
    await runner.query(`CREATE INDEX "widget_colour_idx" ON "fixture"."widget" ("colour")`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "fixture"."widget" DROP COLUMN "colour"`);
  }
}
