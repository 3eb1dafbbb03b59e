import { type Builder, type Client, createSurvey, startBuilder } from './builder-kit';

interface Issue {
  code: string;
  severity: string;
  questionCode: string;
  sectionTitle: string;
  message: string;
}

describe('logic check and version diff (beyond the spec) on a real PostgreSQL', () => {
  let builder: Builder;
  let alice: Client;
  let mallory: Client;

  beforeAll(async () => {
    builder = await startBuilder();
    alice = builder.as({ email: 'alice@example.com', name: 'Alice' });
    mallory = builder.as({ email: 'mallory@example.com', name: 'Mallory' });
  });
  afterAll(() => builder?.close());

  const check = async (surveyId: string, query = '') =>
    (await alice.get(`/api/surveys/${surveyId}/logic-check${query}`).expect(200)).body.data as {
      versionNo: number;
      issues: Issue[];
      checkedAt: string;
    };

  it('finds nothing wrong in the generated first draft', async () => {
    const survey = await createSurvey(alice);
    const result = await check(survey.id);
    expect(result).toEqual({ versionNo: 1, issues: [], checkedAt: expect.any(String) });
  });

  it('finds the logic problems a designer can make, with the question and section of each', async () => {
    const survey = await createSurvey(alice, { generateInitialContent: false });
    const section = (await alice.post(`/api/surveys/${survey.id}/sections`, { title: '本調査' }).expect(201)).body.data;
    const add = async (code: string, extra: object = {}) =>
      (
        await alice
          .post(`/api/sections/${section.id}/questions`, {
            code,
            questionType: 'single',
            promptText: `${code}?`,
            options: [{ label: 'はい' }, { label: 'いいえ' }],
            ...extra,
          })
          .expect(201)
      ).body.data;
    const [first] = section.questions;
    await add('Q10');
    const gone = await add('Q11');
    const multi = await add('Q12', { questionType: 'multi', minSelections: 3 });
    await alice
      .patch(`/api/questions/${first.id}`, {
        branchRules: [
          {
            logicalOperator: 'AND',
            conditions: [{ sourceQuestionCode: 'Q11', operator: 'equals', value: 'たぶん' }],
            destinationQuestionCode: 'Q12',
          },
        ],
      })
      .expect(200);
    await alice.delete(`/api/questions/${gone.id}`).expect(200);
    const issues = (await check(survey.id)).issues;
    expect(issues.map((i) => [i.code, i.questionCode])).toEqual(
      expect.arrayContaining([
        ['DANGLING_CONDITION_SOURCE', first.code],
        ['MIN_SELECTIONS_TOO_HIGH', multi.code],
        ['NONSTANDARD_CODE', 'Q10'],
      ]),
    );
    expect(issues.find((i) => i.code === 'DANGLING_CONDITION_SOURCE')).toMatchObject({
      severity: 'error',
      sectionTitle: '本調査',
      message: '条件が参照する設問 Q11 がこの版にありません。',
    });
  });

  it('checks an older version by number; 404 for a missing one or without view, 400 for a malformed number', async () => {
    const survey = await createSurvey(alice);
    await alice.post(`/api/surveys/${survey.id}/save`).expect(201);
    expect((await check(survey.id, '?versionNo=1')).versionNo).toBe(1);
    expect((await check(survey.id)).versionNo).toBe(2);
    await alice.get(`/api/surveys/${survey.id}/logic-check?versionNo=9`).expect(404);
    await alice.get(`/api/surveys/${survey.id}/logic-check?versionNo=abc`).expect(400);
    await mallory.get(`/api/surveys/${survey.id}/logic-check`).expect(404);
  });

  it('diffs two versions by stable ids: edits, additions, moves; a renumber alone shows as renamed codes', async () => {
    const created = await createSurvey(alice);
    await alice.post(`/api/surveys/${created.id}/save`).expect(201);
    // the latest version is the working copy: its rows have new ids
    const survey = (await alice.get(`/api/surveys/${created.id}`).expect(200)).body.data;
    const [intro, screening, main] = survey.sections;
    await alice
      .patch(`/api/questions/${screening.questions[0].id}`, { promptText: '性別を教えてください。', isRequired: false })
      .expect(200);
    const added = (await alice.post(`/api/surveys/${survey.id}/sections`, { title: '価格' }).expect(201)).body.data;
    await alice.patch(`/api/sections/${main.id}`, { sortOrder: 1 }).expect(200);

    // version 1 is as created; version 2, the working copy, has the edits
    const diff = (await alice.get(`/api/surveys/${survey.id}/versions/1/diff/2`).expect(200)).body.data;
    expect(diff.fromVersionNo).toBe(1);
    expect(diff.sections.added).toEqual([{ stableId: expect.any(String), title: '価格', position: 4 }]);
    // the move swapped 本調査 with the section at position 1 (a sortOrder change swaps, `updateSection`); スクリーニング stayed where it was
    expect(diff.sections.moved.map((m: { title: string }) => m.title)).toEqual(['本調査', '調査のご案内']);
    expect(diff.questions.added.map((q: { code: string }) => q.code)).toEqual(added.questions.map((q: { code: string }) => q.code));
    expect(diff.questions.changed).toEqual([
      {
        stableId: expect.any(String),
        code: screening.questions[0].code,
        fields: [
          { field: 'promptText', before: 'あなたの性別をお答えください。', after: '性別を教えてください。' },
          { field: 'isRequired', before: true, after: false },
        ],
      },
    ]);
    expect(diff.questions.removed).toEqual([]);
    expect(intro.questions[0].code).toBe('T1');

    // moving the main section first changed the order of appearance: renumbering renames codes only
    await alice.post(`/api/surveys/${survey.id}/save`).expect(201);
    await alice.post(`/api/surveys/${survey.id}/questions/renumber`).expect(200);
    const renumbered = (await alice.get(`/api/surveys/${survey.id}/versions/2/diff/3`).expect(200)).body.data;
    expect(renumbered.questions.renamed.length).toBeGreaterThan(0);
    expect(renumbered.questions.changed).toEqual([]);
    expect(renumbered.questions.moved).toEqual([]);
  });

  it('shows a renumber between two saves: each renamed question with its codes before and after, no prompt changed', async () => {
    const created = await createSurvey(alice);
    const draft = (await alice.get(`/api/surveys/${created.id}`).expect(200)).body.data;
    await alice.patch(`/api/sections/${draft.sections[2].id}`, { sortOrder: 1 }).expect(200);
    // Edits apply to the latest version and a save freezes it: save (freezes 1, creates 2), renumber (edits 2), save
    // (freezes 2, creates 3). The two frozen versions, 1 and 2, are the ones either side of the renumber.
    const first = (await alice.post(`/api/surveys/${created.id}/save`).expect(201)).body.data;
    const renumbered = (await alice.post(`/api/surveys/${created.id}/questions/renumber`).expect(200)).body.data;
    const second = (await alice.post(`/api/surveys/${created.id}/save`).expect(201)).body.data;
    const versions = (await alice.get(`/api/surveys/${created.id}`).expect(200)).body.data.versions as Array<{
      id: string;
      versionNo: number;
    }>;
    const frozen = (save: { sourceVersionId: string }) => versions.find((v) => v.id === save.sourceVersionId)!.versionNo;
    expect([frozen(first), first.versionNo, frozen(second), second.versionNo]).toEqual([1, 2, 2, 3]);
    const codesOf = (sections: Array<{ questions: Array<{ code: string }> }>) => sections.flatMap((s) => s.questions.map((q) => q.code));
    // The first save answered the codes as they were before the renumber; the second, the renumbered ones.
    expect(codesOf(first.snapshotSections)).not.toEqual(codesOf(renumbered.sections));
    expect(codesOf(second.snapshotSections)).toEqual(codesOf(renumbered.sections));

    const diff = (await alice.get(`/api/surveys/${created.id}/versions/${frozen(first)}/diff/${frozen(second)}`).expect(200)).body.data;
    const before = new Map(
      first.snapshotSections.flatMap((s: { questions: Array<{ code: string; promptText: string }> }) =>
        s.questions.map((q) => [q.promptText, q.code]),
      ),
    );
    const after = second.snapshotSections.flatMap((s: { questions: Array<{ code: string; promptText: string }> }) => s.questions);
    const expected = after
      .filter((q: { code: string; promptText: string }) => before.get(q.promptText) !== q.code)
      .map((q: { code: string; promptText: string }) => ({
        stableId: expect.any(String),
        fromCode: before.get(q.promptText),
        toCode: q.code,
      }));
    expect(expected.length).toBeGreaterThan(3);
    expect(diff.questions.renamed).toEqual(expect.arrayContaining(expected));
    expect(diff.questions.renamed).toHaveLength(expected.length);
    expect(diff.questions.changed).toEqual([]);
    expect(diff.questions.moved).toEqual([]);
  });

  it('answers 400 for version numbers that are not digits, 404 for a missing version or permission', async () => {
    const survey = await createSurvey(alice);
    expect((await alice.get(`/api/surveys/${survey.id}/versions/1/diff/x`).expect(400)).body.error.details).toEqual([
      { field: 'toNo', message: 'toNo must be digits' },
    ]);
    await alice.get(`/api/surveys/${survey.id}/versions/1/diff/2`).expect(404);
    await alice.get(`/api/surveys/${survey.id}/versions/1/diff/1`).expect(200);
    await mallory.get(`/api/surveys/${survey.id}/versions/1/diff/1`).expect(404);
  });
});
