import { readFileSync, writeFileSync } from 'node:fs';
import type { Pool } from 'pg';

/**
 * A large version's content written straight into it with set-based SQL, as `npm run bench:builder` builds its
 * survey: `sections` x `questionsPerSection` single-answer questions, each with five choices and one branch rule
 * (50 x 20 by default: 1,000 questions, 7,000 rows).
 */
export async function fillVersion(db: Pool, versionId: string, { sections = 50, questionsPerSection = 20 } = {}): Promise<void> {
  await db.query(
    `INSERT INTO survey_builder.section (version_id, stable_id, title, description, sort_order, generated_by)
     SELECT $1, gen_random_uuid(), 'セクション ' || s, '', s, 'test' FROM generate_series(1, $2) s`,
    [versionId, sections],
  );
  await db.query(
    `INSERT INTO survey_builder.question (section_id, version_id, stable_id, code, question_type, prompt_text, sort_order)
     SELECT sec.id, $1, gen_random_uuid(), 'Q' || ((sec.sort_order - 1) * $2 + q), 'single',
            '設問 ' || ((sec.sort_order - 1) * $2 + q) || ' について、最も当てはまるものをお選びください。', q
     FROM survey_builder.section sec CROSS JOIN generate_series(1, $2) q WHERE sec.version_id = $1`,
    [versionId, questionsPerSection],
  );
  await db.query(
    `INSERT INTO survey_builder.question_option (question_id, kind, sort_order, label)
     SELECT q.id, 'option', o, '選択肢 ' || o FROM survey_builder.question q CROSS JOIN generate_series(1, 5) o
     WHERE q.version_id = $1`,
    [versionId],
  );
  await db.query(
    `INSERT INTO survey_builder.branch_rule (question_id, sort_order, logical_operator, conditions, destination_question_code)
     SELECT q.id, 0, 'AND',
            jsonb_build_array(jsonb_build_object('sourceQuestionCode', q.code, 'operator', 'equals', 'value', '選択肢 1',
                                                 'subValue', null, 'subQuestionIndex', null)),
            'Q' || (substring(q.code from 2)::int % $2 + 1)
     FROM survey_builder.question q WHERE q.version_id = $1`,
    [versionId, sections * questionsPerSection],
  );
}

/** A /proc/<pid>/status figure in MB: VmHWM, the peak resident set since the last reset, or VmRSS, the current one. */
export function memoryMb(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1];
  if (kb === undefined) throw new Error(`no ${field} in /proc/${pid}/status`);
  return Number(kb) / 1024;
}

/** Resets a process's peak resident set (VmHWM) to its current one (Linux: `5` written to /proc/<pid>/clear_refs). */
export function resetPeakMemory(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}
