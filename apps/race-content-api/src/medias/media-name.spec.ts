import { mediaKeyOf, mediaNameProblem } from './media-name';

describe('media names', () => {
  it('accepts ordinary names, Japanese and dots included', () => {
    for (const name of ['logo.png', '2026-11-01 天皇賞 サムネイル.jpg', '...hidden', 'a..b', 'x'.repeat(200)]) {
      expect(mediaNameProblem(name)).toBeUndefined();
    }
    expect(mediaKeyOf('天皇賞.jpg')).toBe('medias/天皇賞.jpg');
  });

  it('refuses traversal, separators, control characters, surrounding spaces and over-long names', () => {
    expect(mediaNameProblem('../etc/passwd')).toMatch(/\//);
    expect(mediaNameProblem('..')).toMatch(/\.\./);
    expect(mediaNameProblem('.')).toBeDefined();
    expect(mediaNameProblem('a\\b')).toBeDefined();
    expect(mediaNameProblem('a\nb')).toMatch(/control/);
    expect(mediaNameProblem('a\u0000b')).toMatch(/control/);
    expect(mediaNameProblem('evil\u202egnp.exe')).toMatch(/control/);
    expect(mediaNameProblem(' name')).toMatch(/spaces/);
    expect(mediaNameProblem('')).toBeDefined();
    expect(mediaNameProblem('x'.repeat(201))).toMatch(/200/);
  });
});
