/**
 * Theme-assist scoring (`suggestThemeContent`): a library question scores 4 when a keyword appears in its prompt text,
 * 3 in its category, 2 in its section title; entries scoring 1 or more are ranked, the top five returned.
 * The scoring itself runs in SQL over the whole library; this file owns the keywords and the weights.
 */
export const SCORE_PROMPT_TEXT = 4;
export const SCORE_CATEGORY = 3;
export const SCORE_SECTION_TITLE = 2;
export const RELATED_QUESTION_LIMIT = 5;

/**
 * Keywords of free text. Japanese has no spaces, and its content words are written in kanji or katakana
 * while particles and endings are hiragana: keywords are the runs of two or more kanji, of katakana, or of
 * Latin letters and digits (新しいお茶の評価 gives 評価; ペットボトル緑茶 gives ペットボトル and 緑茶).
 */
export function keywordsOf(...texts: string[]): string[] {
  const runs = texts.join(' ').match(/\p{Script=Han}{2,}|[\p{Script=Katakana}ー]{2,}|[A-Za-z0-9]{2,}/gu) ?? [];
  return [...new Set(runs.map((run) => run.toLowerCase()))].slice(0, 50);
}
