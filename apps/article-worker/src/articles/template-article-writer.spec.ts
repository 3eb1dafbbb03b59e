import { PermanentJobError } from '@platform/messaging';
import { TemplateArticleWriter } from './template-article-writer';

describe('TemplateArticleWriter', () => {
  const writer = new TemplateArticleWriter();
  const raceResult = {
    race_id: 'h-1',
    race_date: '2026-11-01',
    track_name: '東京',
    race_number: '11',
    race_name: '天皇賞',
    weather: '晴',
    entries: [
      { rank: 2, name: 'サクラ', number: 5 },
      { rank: 1, name: 'ハヤテ', number: 3, time: '1:56.8' },
    ],
  };

  it('writes only what the race result says, the winner first', async () => {
    const draft = await writer.write({ title: 't', racingType: 'horse_racing', raceResult, customPrompt: null });
    expect(draft.lead).toBe('2026-11-01 東京 11R 天皇賞（競馬）はハヤテが1着でゴールしました。');
    expect(draft.sections[0]).toEqual({ heading: 'レース結果', paragraphs: ['1着 ハヤテ（3番） タイム 1:56.8', '2着 サクラ（5番）'] });
    expect(draft.sections[1].paragraphs).toEqual(['天候は晴。', '2着はサクラでした。']);
  });

  it('is deterministic', async () => {
    const request = { title: 't', racingType: 'horse_racing' as const, raceResult, customPrompt: null };
    expect(await writer.write(request)).toEqual(await writer.write(request));
  });

  it('refuses a race without a finishing order as a permanent failure', async () => {
    await expect(
      writer.write({ title: 't', racingType: 'auto_racing', raceResult: { entries: [{ name: 'x' }] }, customPrompt: null }),
    ).rejects.toBeInstanceOf(PermanentJobError);
  });
});
