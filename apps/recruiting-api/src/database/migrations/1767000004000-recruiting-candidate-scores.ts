import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Scores move off the participation row into a narrow table of their own. Re-scoring rewrites every candidate of
 * a project at once; on project_candidates each rewrite made a new version of a wide row and an entry in each of its
 * nine indexes (two of them GIN over the JSON), which was most of `POST /score`'s time. Here it is a 3-column row
 * and two index entries. Every participation row has its score row (written by a statement trigger on insert, so
 * batch imports pay one INSERT ... SELECT per statement), so the list can join it without an outer join and walk
 * the score index in order.
 */
export class RecruitingCandidateScores1767000004000 implements MigrationInterface {
  /** Its `down` drops candidate_scores only after copying every score back (libs/persistence/test/lossy-downs.spec.ts). */
  readonly downKeepsData = 'the scores move back to project_candidates.score';
  name = 'RecruitingCandidateScores1767000004000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`SET LOCAL search_path TO recruiting`);
    await runner.query(`
      CREATE TABLE candidate_scores (
        project_candidate_id integer PRIMARY KEY REFERENCES project_candidates (id) ON DELETE CASCADE,
        project_id integer NOT NULL,
        score numeric
      )`);
    await runner.query(
      `INSERT INTO candidate_scores (project_candidate_id, project_id, score) SELECT id, project_id, score FROM project_candidates`,
    );
    await runner.query(
      `CREATE INDEX candidate_scores_by_score ON candidate_scores (project_id, score DESC NULLS LAST, project_candidate_id DESC)`,
    );
    await runner.query(`DROP INDEX project_candidates_by_score`);
    await runner.query(`ALTER TABLE project_candidates DROP COLUMN score`);
    await runner.query(`
      CREATE FUNCTION candidate_scores_for_new_candidates() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO recruiting.candidate_scores (project_candidate_id, project_id) SELECT id, project_id FROM inserted;
        RETURN NULL;
      END $$`);
    await runner.query(`
      CREATE TRIGGER project_candidates_scores AFTER INSERT ON project_candidates
      REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION candidate_scores_for_new_candidates()`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`SET LOCAL search_path TO recruiting`);
    await runner.query(`DROP TRIGGER project_candidates_scores ON project_candidates`);
    await runner.query(`DROP FUNCTION candidate_scores_for_new_candidates()`);
    await runner.query(`ALTER TABLE project_candidates ADD COLUMN score numeric`);
    await runner.query(`UPDATE project_candidates pc SET score = cs.score FROM candidate_scores cs WHERE cs.project_candidate_id = pc.id`);
    await runner.query(`CREATE INDEX project_candidates_by_score ON project_candidates (project_id, score DESC NULLS LAST, id DESC)`);
    await runner.query(`DROP TABLE candidate_scores`);
  }
}
