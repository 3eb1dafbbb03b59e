/**
 * The structured theme and its stored form. A survey stores objective, delivery area and category as one
 * string each; the theme operations turn them into presets plus free text and back. Items are joined with
 * 「、」; on reading, the items that are known presets are presets and the rest is the free text.
 */

export const OBJECTIVE_PRESETS = [
  '新商品の受容性評価',
  '認知度調査',
  '満足度調査',
  'ブランドイメージ調査',
  '利用実態把握',
  '広告効果測定',
  '価格受容性調査',
  'ニーズ探索',
] as const;

export const DELIVERY_AREA_PRESETS = [
  '全国',
  '北海道',
  '東北',
  '関東',
  '首都圏',
  '中部',
  '東海',
  '関西',
  '近畿',
  '中国',
  '四国',
  '九州',
  '沖縄',
] as const;

export const CATEGORY_LABELS = [
  '食品',
  '飲料',
  '日用品',
  '化粧品',
  '家電',
  '自動車',
  '金融',
  '通信',
  '旅行',
  '外食',
  'ファッション',
  'エンタメ',
  'ヘルスケア',
  '教育',
] as const;

const SEPARATOR = '、';

export interface StructuredTheme {
  title: string;
  clientName: string;
  objective: { presets: string[]; customText: string };
  deliveryArea: { preset: string | null; customText: string };
  categories: { labels: string[]; freeText: string };
  promptText: string;
}

/** The longest objective, delivery area or category a survey stores (each one text; PATCH /api/surveys/{surveyId}). */
export const THEME_TEXT_MAX = 2000;

/**
 * The theme fields whose stored text would be longer than a survey keeps: the structured form joins presets (any text,
 * known or not) and the custom text into the one stored string, and a preset that is not a known one is read back as
 * part of the custom text, which must then still fit. Each named with the limit.
 */
export function overlongThemeFields(stored: StoredTheme): Array<{ field: string; message: string }> {
  return (['objective', 'deliveryArea', 'category'] as const)
    .filter((field) => [...stored[field]].length > THEME_TEXT_MAX)
    .map((field) => ({
      field: field === 'category' ? 'categories' : field,
      message: `${field === 'category' ? 'categories' : field} must come to at most ${THEME_TEXT_MAX} characters with its presets and custom text joined`,
    }));
}

export interface StoredTheme {
  title: string;
  clientName: string;
  objective: string;
  deliveryArea: string;
  category: string;
  promptText: string;
}

function split(text: string): string[] {
  return text
    .split(SEPARATOR)
    .map((item) => item.trim())
    .filter(Boolean);
}

function join(items: Array<string | null | undefined>): string {
  return items
    .map((item) => item?.trim())
    .filter(Boolean)
    .join(SEPARATOR);
}

function partition(text: string, known: readonly string[]): { known: string[]; rest: string } {
  const items = split(text);
  return {
    known: items.filter((item) => known.includes(item)),
    rest: items.filter((item) => !known.includes(item)).join(SEPARATOR),
  };
}

export function toStructuredTheme(stored: StoredTheme): StructuredTheme {
  const objective = partition(stored.objective, OBJECTIVE_PRESETS);
  const categories = partition(stored.category, CATEGORY_LABELS);
  const areaItems = split(stored.deliveryArea);
  const preset = areaItems.length > 0 && (DELIVERY_AREA_PRESETS as readonly string[]).includes(areaItems[0]) ? areaItems[0] : null;
  return {
    title: stored.title,
    clientName: stored.clientName,
    objective: { presets: objective.known, customText: objective.rest },
    deliveryArea: { preset, customText: (preset ? areaItems.slice(1) : areaItems).join(SEPARATOR) },
    categories: { labels: categories.known, freeText: categories.rest },
    promptText: stored.promptText,
  };
}

export function toStoredTheme(theme: StructuredTheme): StoredTheme {
  return {
    title: theme.title,
    clientName: theme.clientName,
    objective: join([...theme.objective.presets, theme.objective.customText]),
    deliveryArea: join([theme.deliveryArea.preset, theme.deliveryArea.customText]),
    category: join([...theme.categories.labels, theme.categories.freeText]),
    promptText: theme.promptText,
  };
}

/** A theme field sent as a plain string or in its structured form, as a plain string. */
export function themeFieldText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if (Array.isArray(v.presets)) return join([...(v.presets as string[]), v.customText as string]);
    if ('preset' in v) return join([v.preset as string | null, v.customText as string]);
    if (Array.isArray(v.labels)) return join([...(v.labels as string[]), v.freeText as string]);
  }
  return '';
}

/** Category labels a category text names (known labels and free items alike). */
export function categoriesOf(category: string): string[] {
  return split(category);
}
