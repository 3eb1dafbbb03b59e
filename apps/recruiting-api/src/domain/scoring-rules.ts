import { type RawBuilder, sql } from 'kysely';
import { type FilterColumn, FilterError, filterFields, type FilterNode, filterOnValuesSql, parseFilter } from './response-filter';

/** A project's scoring rule: when the candidate matches `when` (the responseFilter language), add `points`. */
export interface ScoringRule {
  when: FilterNode;
  points: number;
}

export const MAX_SCORING_RULES = 200;

/** A rule set that cannot be used; the message names the rule (`scoringRules[2].when...`). */
export class ScoringRuleError extends Error {}

/** Checks the rules as stored (JSON) and answers them parsed; any problem names the rule. */
export function parseScoringRules(json: unknown): ScoringRule[] {
  if (!Array.isArray(json)) throw new ScoringRuleError('scoringRules must be an array');
  if (json.length > MAX_SCORING_RULES) throw new ScoringRuleError(`scoringRules has more than ${MAX_SCORING_RULES} rules`);
  return json.map((rule, i) => {
    const path = `scoringRules[${i}]`;
    if (typeof rule !== 'object' || rule === null || Array.isArray(rule))
      throw new ScoringRuleError(`${path} must be an object {when, points}`);
    const { when, points, ...rest } = rule as Record<string, unknown>;
    const unknown = Object.keys(rest)[0];
    if (unknown !== undefined) throw new ScoringRuleError(`${path}.${unknown} is not a rule key (when, points)`);
    if (typeof points !== 'number' || !Number.isFinite(points)) throw new ScoringRuleError(`${path}.points must be a finite number`);
    if (Math.abs(points) > 1e9) throw new ScoringRuleError(`${path}.points must be between -1e9 and 1e9`);
    if (when === undefined || Array.isArray(when)) throw new ScoringRuleError(`${path}.when must be a condition or a group`);
    try {
      return { when: parseFilter(when, `${path}.when`), points };
    } catch (error) {
      if (error instanceof FilterError) throw new ScoringRuleError(error.message);
      throw error;
    }
  });
}

/**
 * `(id, score)` of every candidate of the project: the sum of the points of the rules it matches, as numeric.
 * Each field the rules read is extracted from the row once, in an inner query kept apart with `offset 0` (so the
 * planner does not fold the extraction back into every rule, nor the sum into every place that reads it), and the rules compare those small values, instead of
 * searching the whole JSON documents once per rule and value.
 */
export function scoresSql(rules: ScoringRule[], projectId: number): RawBuilder<{ id: number; score: string }> {
  const names = new Map<string, string>();
  const extracted: Array<RawBuilder<unknown>> = [];
  for (const [column, field] of rules.flatMap((rule) => filterFields(rule.when))) {
    const key = JSON.stringify([column, field]);
    if (names.has(key)) continue;
    const name = `f${names.size}`;
    names.set(key, name);
    extracted.push(sql`${sql.ref(`pc.${column}`)} -> ${field}::text as ${sql.raw(name)}`);
  }
  const valueOf = (column: FilterColumn, field: string) => sql.ref(`e.${names.get(JSON.stringify([column, field]))}`);
  const score =
    rules.length === 0
      ? sql`0::numeric`
      : sql.join(
          rules.map((rule) => sql`(case when ${filterOnValuesSql(rule.when, valueOf)} then ${String(rule.points)}::numeric else 0 end)`),
          sql` + `,
        );
  return sql<{ id: number; score: string }>`select e.id, (${score}) as score
    from (select ${sql.join([sql`pc.id`, ...extracted])} from project_candidates as pc where pc.project_id = ${projectId} offset 0) as e
    offset 0`;
}
