/**
 * Masks every occurrence of a prohibited word with one ＊ per character. Longer words go first, so a
 * word that contains a shorter one is masked whole.
 */
export function maskNgWords(text: string, words: readonly string[]): string {
  const ordered = [...new Set(words.filter(Boolean))].sort((a, b) => b.length - a.length);
  return ordered.reduce((masked, word) => masked.split(word).join('＊'.repeat([...word].length)), text);
}

/** The prohibited words that occur in the text, each once, in the order of the word list. */
export function ngWordHits(text: string, words: readonly string[]): string[] {
  return [...new Set(words.filter((word) => word && text.includes(word)))];
}
