import type { OptionContent, QuestionContent } from '../domain/model';

/** A stored choice: its content and its row id (new on every update of its question). */
export type SnapshotOption = OptionContent & { id: string };

export interface SnapshotQuestion extends Omit<QuestionContent, 'options' | 'matrixRows' | 'matrixColumns'> {
  options: SnapshotOption[];
  matrixRows: SnapshotOption[];
  matrixColumns: SnapshotOption[];
  id: string;
  stableId: string;
  sectionId: string;
  code: string;
  sortOrder: number;
  updatedAt: Date;
}

export interface SnapshotSection {
  id: string;
  stableId: string;
  versionId: string;
  title: string;
  description: string;
  sortOrder: number;
  generatedBy: string;
  updatedAt: Date;
  questions: SnapshotQuestion[];
}

/** A question to write: its content, code and position; a stable id when it continues an earlier row. */
export interface QuestionToInsert extends QuestionContent {
  code: string;
  sortOrder: number;
  stableId?: string;
}

export interface SectionToInsert {
  title: string;
  description: string;
  generatedBy: string;
  sortOrder: number;
  stableId?: string;
  questions: QuestionToInsert[];
}

/** Which sections to load: whole versions, sections by id, or the sections holding the questions named. */
export type SnapshotFilter = { versionIds: string[] } | { sectionIds: string[] } | { questionIds: string[] };
