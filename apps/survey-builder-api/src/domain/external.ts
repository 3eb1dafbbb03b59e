import { textContent } from 'domutils';
import { parseDocument } from 'htmlparser2';
import type { QuestionType } from './model';

/** The external platform's name for an explanation step; section previews split the questionnaire there. */
export const INTRO_STEP_LABEL = '提示ステップ';

/** Visible text of the external platform's rendered HTML: tags dropped, entities decoded, spaces folded per line. */
export function plainText(html: string): string {
  const text = textContent(parseDocument(html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|div|li|h\d)>/gi, '$&\n')));
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t\u3000]+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

/**
 * The builder type of an external question, read from its answer type name; unknown names fall back on its
 * shape (sub items make a matrix, answer items a single choice, nothing a free text).
 */
export function questionTypeOfExternal(answerTypeName: string, hasAnswerItems: boolean, hasSubItems: boolean): QuestionType {
  const name = answerTypeName.toUpperCase();
  if (answerTypeName === INTRO_STEP_LABEL || name.includes('提示')) return 'intro';
  if (/マトリ[クッ]ス|MATRIX|^MT/.test(name)) return 'matrix';
  if (/プルダウン|PULLDOWN|DROPDOWN/.test(name)) return 'pulldown';
  if (/複数|^MA\b|MULTI/.test(name)) return 'multi';
  if (/単一|^SA\b|SINGLE/.test(name)) return 'single';
  if (/自由|^FA\b|テキスト|TEXT|数値/.test(name)) return 'free_text';
  if (hasSubItems) return 'matrix';
  return hasAnswerItems ? 'single' : 'free_text';
}

export interface PreviewQuestion {
  id: string;
  answerTypeName: string;
  text: string;
}

export interface SectionPreview {
  index: number;
  title: string;
  description: string;
  /** The intro step that opened the section; null for questions before the first one. */
  dividerId: string | null;
  questionIds: string[];
}

/**
 * Splits an imported questionnaire (questions in order) into section candidates: each intro-step question
 * opens a section whose title is the first line of its text and description the rest; questions before
 * the first divider form an untitled first section. Dividers are not questions of their section.
 */
export function splitSectionPreviews(questions: readonly PreviewQuestion[]): SectionPreview[] {
  const sections: Array<Omit<SectionPreview, 'index'>> = [];
  let current: Omit<SectionPreview, 'index'> | undefined;
  for (const question of questions) {
    if (question.answerTypeName === INTRO_STEP_LABEL) {
      const [title = '', ...rest] = question.text.split('\n');
      current = { title: title.slice(0, 255), description: rest.join('\n'), dividerId: question.id, questionIds: [] };
      sections.push(current);
      continue;
    }
    if (!current) {
      current = { title: '', description: '', dividerId: null, questionIds: [] };
      sections.push(current);
    }
    current.questionIds.push(question.id);
  }
  return sections.map((section, index) => ({ index, ...section }));
}
