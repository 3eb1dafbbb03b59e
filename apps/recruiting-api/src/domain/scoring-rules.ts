import { type RawBuilder, sql } from 'kysely';
import { FilterError, type FilterNode, filterToSql, parseFilter } from './response-filter';

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

/** The score of the row aliased `alias`: the sum of the points of the rules it matches, as numeric. */
export function scoreSql(rules: ScoringRule[], alias = 'pc'): RawBuilder<string> {
  if (rules.length === 0) return sql<string>`0::numeric`;
  return sql<string>`(${sql.join(
    rules.map((rule) => sql`(case when ${filterToSql(rule.when, alias)} then ${String(rule.points)}::numeric else 0 end)`),
    sql` + `,
  )})`;
}
