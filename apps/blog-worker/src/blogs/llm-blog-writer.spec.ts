import type { ChatModel } from '@platform/ai';
import { LlmBlogWriter, toBlogDraft } from './llm-blog-writer';

describe('LlmBlogWriter', () => {
  it('accepts the blog shape and drops other fields', () => {
    expect(toBlogDraft({ summary: ['s'], sections: [{ heading: 'h', paragraphs: ['p'], x: 1 }], note: 'n' })).toEqual({
      summary: ['s'],
      sections: [{ heading: 'h', paragraphs: ['p'] }],
    });
  });

  it.each([null, {}, { summary: 's', sections: [{ heading: 'h', paragraphs: [] }] }, { summary: [], sections: [] }])(
    'refuses %p',
    (answer) => {
      expect(() => toBlogDraft(answer)).toThrow('the AI answer does not have the blog shape');
    },
  );

  it('asks for a content-preserving rewrite without race analysis when the blog has no race', async () => {
    const calls: Array<{ system: string; user: string }> = [];
    const model = {
      completeJson: async (system: string, user: string) => {
        calls.push({ system, user });
        return { summary: ['a'], sections: [{ heading: 'h', paragraphs: ['p'] }] };
      },
    } as unknown as ChatModel;
    await new LlmBlogWriter(model).write({ kind: 'rewrite', name: 'n', source: { name: 'o', category: null, text: '本文' }, race: null });
    expect(calls[0].system).toContain('When race is null, do only a content-preserving rewrite');
    expect(JSON.parse(calls[0].user)).toEqual({ title: 'n', source: { name: 'o', category: null, text: '本文' }, race: null });
  });
});
