import { waitsForGeneration } from './generation';

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
