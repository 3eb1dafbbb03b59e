/**
 * Example values of the OpenAPI document, one story told consistently: the 2026 Tenno Sho (Autumn) at Tokyo, its
 * result uploaded after the race, an article and a recap blog generated from it, the 2024 edition's past blog.
 * Ids other than race ids are ObjectIds (24 hexadecimal digits); times are ms since the epoch.
 */
export const EXAMPLE = {
  raceId: 'h-20261101-05-11',
  raceName: '2026-11-01_tokyo_11R_tenno-sho-autumn',
  articleId: '6650f1a2b3c4d5e6f7a8b9c0',
  blogId: '6650f1a2b3c4d5e6f7a8b9c1',
  oldBlogId: '6650f1a2b3c4d5e6f7a8b9c2',
  categoryId: '6650f1a2b3c4d5e6f7a8b9c3',
  ngWordId: '6650f1a2b3c4d5e6f7a8b9c4',
  mediaId: '6650f1a2b3c4d5e6f7a8b9c5',
  /** 2026-11-01T15:50:12+09:00: the result was uploaded, the record created. */
  createdAt: 1_793_515_812_000,
  /** 2026-11-01T16:05:41+09:00: the generated text was written. */
  updatedAt: 1_793_516_741_000,
  /** 2026-11-01T16:30:00+09:00: the article goes public. */
  openingAt: 1_793_518_200_000,
  /** 2026-11-08T16:30:00+09:00: a week later, it is withdrawn. */
  closingAt: 1_794_123_000_000,
  articleTitle: '【天皇賞（秋）】ハヤテノカゼが直線一気 1番人気に応えてG1初制覇',
  articleBodyHtml: '<h2>レース概要</h2><p>東京芝2000m、良馬場で行われた天皇賞（秋）は1番人気ハヤテノカゼが1:56.8で快勝しました。</p>',
  blogName: '2026-11-01 東京11R 天皇賞（秋） レース回顧',
  blogBodyHtml:
    '<h2>2026-11-01 東京11R 天皇賞（秋） レース回顧</h2><p>直線で外から伸びたハヤテノカゼが、サクラブライトを1 1/4馬身退けました。</p>',
  blogType: 'weekly',
  categoryName: 'レース結果・回顧',
  oldBlogName: '2024年 天皇賞（秋）回顧',
  oldBlogRaceId: 'h-20241027-05-11',
  oldBlogBodyHtml:
    '<h2>2024年 天皇賞（秋）回顧</h2><p>府中の長い直線を制したのは…</p><img src="https://blog.example.com/images/2024/tenno-sho.jpg" alt="ゴール前">',
  rewriteBodyHtml: '<h2>2024年 天皇賞（秋）回顧</h2><p>府中の2000mを制したのは、好位から抜け出した4番人気の伏兵でした。</p>',
  oldBlogSourceUrl: 'https://blog.example.com/keiba/2024/10/tenno-sho-autumn',
  /** 2024-10-28T09:00:00+09:00. */
  oldBlogPublishedAt: 1_730_073_600_000,
  ngWord: '絶対当たる',
  customPrompt: '初心者向けに、専門用語を控えめにして書いてください',
} as const;
