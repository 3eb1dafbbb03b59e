import { option, question } from '../domain/model';
import { sectionsToInsert } from './surveys.service';

describe('sectionsToInsert', () => {
  const drafts = [
    {
      title: 'A',
      description: 'a',
      generatedBy: 'initial',
      questions: [question('intro', 'はじめに'), question('single', 'Q?', { options: [option('はい')] })],
    },
    { title: 'B', description: 'b', generatedBy: 'initial', questions: [question('multi', 'M?'), question('intro', 'つぎに')] },
  ];

  it('gives codes in order of appearance, T for intro questions and Q for the rest, and positions from 1', () => {
    const sections = sectionsToInsert(drafts);
    expect(sections.map((s) => [s.title, s.sortOrder])).toEqual([
      ['A', 1],
      ['B', 2],
    ]);
    expect(sections.flatMap((s) => s.questions.map((q) => [q.code, q.sortOrder]))).toEqual([
      ['T1', 1],
      ['Q1', 2],
      ['Q2', 1],
      ['T2', 2],
    ]);
  });

  it('continues after codes already in use and after the sections already there', () => {
    const sections = sectionsToInsert(drafts, ['Q7', 'T3', 'X1'], 4);
    expect(sections.map((s) => s.sortOrder)).toEqual([4, 5]);
    expect(sections.flatMap((s) => s.questions.map((q) => q.code))).toEqual(['T4', 'Q8', 'Q9', 'T5']);
  });
});
