import { finishingOrder } from './race-result';

/** A name at a finishing position, as race_result has it or as a generated text states it. */
export interface Placing {
  rank: number;
  name: string;
}

/** What the fact check stores in accuracy_test_data. */
export interface FactCheck {
  /** ms since the epoch. */
  checked_at: number;
  /** The podium of race_result (ranks 1 to 3; a dead heat gives two names one rank). */
  expected: Placing[];
  /** The placings the text states, in the order it states them. */
  found: Placing[];
  ok: boolean;
  /** Why the check failed; absent when ok. */
  reason?: string;
}

/** Placings beyond this rank are not part of `expected`, but a stated one is still checked against race_result. */
const PODIUM = 3;

/** Words that make the nearest name the winner, as `1着` does. */
const WINNER_WORDS = ['優勝', '勝利', '制した', '制し', '勝ち切', '逃げ切', '差し切', '快勝'];

/** A clause that negates ("1着に届かず", "勝利を逃した") states no placing. */
const NEGATION = /逃し|逃す|届かず|届かなかった|ならず|できず|及ばず|なれず|叶わず|敗れ/;

const CLAUSE_END = /[。．！？!?\n、，,；;]/;

interface Token {
  kind: 'rank' | 'name';
  start: number;
  end: number;
  rank?: number;
  name?: string;
}

/** Every known entry name and every rank statement (`N着`, or a winner word) in one clause, by position. */
function tokensOf(clause: string, names: readonly string[]): Token[] {
  const tokens: Token[] = [];
  const taken = new Array<boolean>(clause.length).fill(false);
  // Longer names first, so a name containing a shorter one is matched whole.
  for (const name of [...names].sort((a, b) => b.length - a.length)) {
    for (let at = clause.indexOf(name); at !== -1; at = clause.indexOf(name, at + name.length)) {
      if (taken.slice(at, at + name.length).some(Boolean)) continue;
      taken.fill(true, at, at + name.length);
      tokens.push({ kind: 'name', start: at, end: at + name.length, name });
    }
  }
  // `2着`, not the 0 of a time before 着差 (`1:57.0 着差`), nor a digit inside a number.
  for (const match of clause.matchAll(/(?<![0-9０-９.:／/])([0-9０-９]{1,2})\s*着(?!差)/g)) {
    if (taken[match.index]) continue;
    const rank = Number(match[1].replace(/[０-９]/g, (d) => String(d.charCodeAt(0) - 0xff10)));
    tokens.push({ kind: 'rank', start: match.index, end: match.index + match[0].length, rank });
  }
  for (const word of WINNER_WORDS) {
    for (let at = clause.indexOf(word); at !== -1; at = clause.indexOf(word, at + word.length)) {
      if (taken[at]) continue;
      tokens.push({ kind: 'rank', start: at, end: at + word.length, rank: 1 });
    }
  }
  return tokens.sort((a, b) => a.start - b.start);
}

/**
 * The placings a Japanese text states, among the names the race knows: the text is cut into clauses (at 。、！？
 * and line ends), and each rank statement in a clause (`2着`, or 優勝/勝利/制した for the winner) goes to the
 * nearest entry name of that clause, before or after it ("ハヤテが1着", "1着 ハヤテ", "2着はサクラ"). A clause
 * with a rank statement and no name states nothing. The same name at the same rank counts once.
 */
export function statedPlacings(text: string, names: readonly string[]): Placing[] {
  const known = [...new Set(names.filter((n) => n.trim().length > 0))];
  const found: Placing[] = [];
  for (const clause of text.split(CLAUSE_END)) {
    if (NEGATION.test(clause)) continue;
    const tokens = tokensOf(clause, known);
    const nameTokens = tokens.filter((t) => t.kind === 'name');
    if (nameTokens.length === 0) continue;
    for (const rank of tokens.filter((t) => t.kind === 'rank')) {
      const distance = (n: Token) => (n.end <= rank.start ? rank.start - n.end : n.start - rank.end);
      const nearest = nameTokens.reduce((best, n) => (distance(n) < distance(best) ? n : best));
      if (!found.some((p) => p.rank === rank.rank && p.name === nearest.name)) found.push({ rank: rank.rank!, name: nearest.name! });
    }
  }
  return found;
}

/**
 * Compares the placings a generated text states with race_result: ok when the winner is named as the winner and
 * every stated placing is true (a name at a rank race_result gives it; a dead heat allows each of its names).
 * Placings the text leaves out are not errors.
 */
export function checkFacts(text: string, raceResult: Record<string, unknown>, now = Date.now()): FactCheck {
  const order = finishingOrder(raceResult);
  const entries = Array.isArray(raceResult.entries) ? (raceResult.entries as unknown[]) : [];
  const names = entries.flatMap((e) =>
    typeof e === 'object' && e !== null && typeof (e as { name?: unknown }).name === 'string' ? [(e as { name: string }).name] : [],
  );
  const expected = order.filter((e) => e.rank <= PODIUM && e.name).map((e) => ({ rank: e.rank, name: e.name }));
  const found = statedPlacings(text, names);
  const wrong = found.filter((p) => !order.some((e) => e.rank === p.rank && e.name === p.name));
  const winners = order.filter((e) => e.rank === order[0]?.rank).map((e) => e.name);
  const winnerNamed = found.some((p) => p.rank === 1 && winners.includes(p.name)) || winners.every((w) => !w);
  const reasons = [
    ...wrong.map((p) => `the text puts ${p.name} at ${p.rank}着 but race_result does not`),
    ...(winnerNamed ? [] : [`the text does not name the winner (${winners.join('・') || 'unknown'})`]),
  ];
  return {
    checked_at: now,
    expected,
    found,
    ok: reasons.length === 0,
    ...(reasons.length > 0 ? { reason: reasons.join('; ') } : {}),
  };
}
