import { generatingArticle, waitsForGeneration } from './generation';

describe('waitsForGeneration', () => {
  it('is true only while the document is generating', () => {
    expect(waitsForGeneration({ status: 'generating', generation_id: 'g1' }, 'g1')).toBe(true);
    for (const status of ['draft', 'published', 'failed']) expect(waitsForGeneration({ status, generation_id: 'g1' }, 'g1')).toBe(false);
  });

  it('refuses a job of another generation', () => {
    expect(waitsForGeneration({ status: 'generating', generation_id: 'g2' }, 'g1')).toBe(false);
  });

  it('lets any job finish a document made before generation ids, and a job without one finish any generation', () => {
    expect(waitsForGeneration({ status: 'generating', generation_id: null }, 'g1')).toBe(true);
    expect(waitsForGeneration({ status: 'generating' }, 'g1')).toBe(true);
    expect(waitsForGeneration({ status: 'generating', generation_id: 'g1' }, undefined)).toBe(true);
    expect(waitsForGeneration({ status: 'generating', generation_id: 'g1' }, null)).toBe(true);
  });
});

describe('generatingArticle', () => {
  it('is a new live article with an empty body, waiting for its generation alone', () => {
    const article = generatingArticle({ race_id: 'r1', title: 'Result', opening_at: 5, closing_at: null }, 'g1', 7);
    expect(article).toMatchObject({ race_id: 'r1', title: 'Result', body_html: '', created_at: 7, updated_at: 7, deleted_at: null });
    expect(waitsForGeneration(article, 'g1')).toBe(true);
    expect(waitsForGeneration(article, 'g2')).toBe(false);
    expect(generatingArticle({ race_id: 'r1', title: 'T', opening_at: 5, closing_at: null }, 'g1', 7)._id).not.toEqual(article._id);
  });
});
