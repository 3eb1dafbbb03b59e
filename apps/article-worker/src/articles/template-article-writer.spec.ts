import { PermanentJobError } from '@platform/messaging';
import { checkFacts } from '@platform/race-content-data';
import { draftText } from './article-html';
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
    track_condition: '良',
    surface: '芝',
    distance_m: 2000,
    entries: [
      { rank: 2, name: 'サクラ', number: 5, time: '1:57.0', margin: '1 1/4', odds: 4.1, popularity: 2 },
      { rank: 1, name: 'ハヤテ', number: 3, time: '1:56.8', odds: 3.4, popularity: 1 },
      { rank: null, name: '取消馬', number: 9 },
    ],
  };

  it('writes only what the race result says, the winner first', async () => {
    const draft = await writer.write({ title: 't', racingType: 'horse_racing', raceResult, customPrompt: null });
    expect(draft.lead).toBe('2026-11-01 東京11R 天皇賞（競馬）はハヤテが1着でゴールしました。');
    expect(draft.sections[0]).toEqual({
      heading: 'レース結果',
      paragraphs: [
        '1着 ハヤテ（3番） タイム 1:56.8 単勝 3.4倍（1番人気）',
        '2着 サクラ（5番） タイム 1:57.0 着差 1 1/4 単勝 4.1倍（2番人気）',
      ],
    });
    expect(draft.sections[1].paragraphs).toEqual(['天候は晴、馬場（走路）状態は良、距離は芝2000mでした。', '2着はサクラでした。']);
  });

  it('passes its own fact check, also with a dead heat', async () => {
    const draft = await writer.write({ title: 't', racingType: 'horse_racing', raceResult, customPrompt: null });
    expect(checkFacts(draftText(draft), raceResult).ok).toBe(true);
    const deadHeat = {
      entries: [
        { rank: 1, name: 'A' },
        { rank: 1, name: 'B' },
        { rank: 3, name: 'C' },
      ],
    };
    const tied = await writer.write({ title: 'タイトル', racingType: 'auto_racing', raceResult: deadHeat, customPrompt: null });
    expect(tied.lead).toBe('タイトル（オートレース）はAとBが同着で1着でゴールしました。');
    expect(checkFacts(draftText(tied), deadHeat).ok).toBe(true);
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
