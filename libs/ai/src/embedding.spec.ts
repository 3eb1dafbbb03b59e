import { cosineSimilarity, embeddingTokens, LOCAL_EMBEDDING_DIMENSIONS, localEmbedding } from './embedding';

describe('local embedding', () => {
  it('splits Latin words and pairs of Japanese characters, in lower case', () => {
    expect(embeddingTokens('Derby 2026 天皇賞、秋')).toEqual(['derby', '2026', '天皇', '皇賞', '秋']);
  });

  it('is deterministic and of unit length', () => {
    const a = localEmbedding('天皇賞の回顧 ハヤテが勝利');
    expect(a).toHaveLength(LOCAL_EMBEDDING_DIMENSIONS);
    expect(localEmbedding('天皇賞の回顧 ハヤテが勝利')).toEqual(a);
    expect(Math.sqrt(a.reduce((s, v) => s + v * v, 0))).toBeCloseTo(1, 10);
  });

  it('puts texts that share words closer than unrelated ones', () => {
    const base = localEmbedding('天皇賞 秋 回顧 ハヤテが差し切り勝ち 東京競馬場');
    const near = localEmbedding('天皇賞 秋 回顧 サクラが逃げ切り 東京競馬場');
    const far = localEmbedding('競輪 グランプリ 予想 立川 ライン');
    expect(cosineSimilarity(base, near)).toBeGreaterThan(cosineSimilarity(base, far));
    expect(cosineSimilarity(base, base)).toBeCloseTo(1, 10);
  });

  it('gives empty text a zero vector, which is similar to nothing', () => {
    const empty = localEmbedding('');
    expect(empty.every((v) => v === 0)).toBe(true);
    expect(cosineSimilarity(empty, localEmbedding('text'))).toBe(0);
  });
});
