import { defaultBlogName } from './default-blog-name';

describe('defaultBlogName', () => {
  it('composes the race from its result with the suffix of the kind', () => {
    const result = { race_date: '2026-11-01', track_name: '東京', race_number: '11', race_name: '天皇賞（秋）' };
    expect(defaultBlogName(result, '2026-11-01_tokyo_11R', 'recap')).toBe('2026-11-01 東京11R 天皇賞（秋） レース回顧');
    expect(defaultBlogName(result, '2026-11-01_tokyo_11R', 'prediction')).toBe('2026-11-01 東京11R 天皇賞（秋） レース予想');
  });

  it("uses the race's name when the result names nothing", () => {
    expect(defaultBlogName({ race_id: 'x' }, '2026-11-01_tokyo_11R', 'recap')).toBe('2026-11-01_tokyo_11R レース回顧');
  });
});
