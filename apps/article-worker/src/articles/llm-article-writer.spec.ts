import { toArticleDraft } from './llm-article-writer';

describe('toArticleDraft', () => {
  it('accepts the article shape and drops other fields', () => {
    expect(toArticleDraft({ lead: 'l', sections: [{ heading: 'h', paragraphs: ['p'], extra: 1 }], note: 'x' })).toEqual({
      lead: 'l',
      sections: [{ heading: 'h', paragraphs: ['p'] }],
    });
  });

  it.each([
    null,
    'text',
    {},
    { lead: 'l', sections: [] },
    { lead: 'l', sections: [{ heading: 'h', paragraphs: [1] }] },
    { lead: 1, sections: [{ heading: 'h', paragraphs: [] }] },
  ])('refuses %p', (answer) => {
    expect(() => toArticleDraft(answer)).toThrow('the AI answer does not have the article shape');
  });
});
