import sharp from 'sharp';
import { escapeHtml, finishingOrder, RACING_LABELS, raceFacts, type RacingType } from '@platform/race-content-data';

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/** Text that fits a line of the card: at most `max` characters, an ellipsis when cut. */
function fit(text: string, max: number): string {
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : text;
}

/**
 * The thumbnail card of a race as SVG (1200x630, the common share-card size): racing type, race name, date, track
 * and race number, weather, and the top three. No race videos exist on this platform, so the thumbnail is drawn
 * from the race data instead of picked from a video frame. Every text is escaped.
 */
export function raceCardSvg(raceResult: Record<string, unknown>, racingType: RacingType, fallbackName: string): string {
  const f = raceFacts(raceResult);
  const podium = finishingOrder(raceResult)
    .filter((e) => e.rank <= 3)
    .slice(0, 4);
  const line = (y: number, size: number, text: string, weight = 'normal', fill = '#ffffff') =>
    `<text x="64" y="${y}" font-size="${size}" font-weight="${weight}" fill="${fill}" font-family="Noto Sans CJK JP, Noto Sans JP, sans-serif">${escapeHtml(text)}</text>`;
  const place = [f.raceDate, f.trackName, f.raceNumber && `${f.raceNumber}R`, f.weather && `天候 ${f.weather}`].filter(Boolean).join('  ');
  const rows = podium.map((e, i) =>
    line(
      360 + i * 72,
      44,
      fit(`${e.rank}着  ${e.number !== null ? `${e.number}番  ` : ''}${e.name || '不明'}`, 36),
      i === 0 ? 'bold' : 'normal',
    ),
  );
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}">`,
    '<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0b3d2e"/><stop offset="1" stop-color="#14532d"/></linearGradient></defs>',
    `<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="url(#bg)"/>`,
    `<rect x="0" y="0" width="16" height="${CARD_HEIGHT}" fill="#facc15"/>`,
    line(96, 34, RACING_LABELS[racingType], 'bold', '#facc15'),
    line(176, 64, fit(f.raceName || fallbackName, 26), 'bold'),
    line(244, 34, fit(place, 48), 'normal', '#d1fae5'),
    `<rect x="64" y="290" width="${CARD_WIDTH - 128}" height="2" fill="#86efac"/>`,
    ...rows,
    '</svg>',
  ].join('');
}

/** The card rendered to PNG by sharp (librsvg). */
export async function renderRaceCard(raceResult: Record<string, unknown>, racingType: RacingType, fallbackName: string): Promise<Buffer> {
  return sharp(Buffer.from(raceCardSvg(raceResult, racingType, fallbackName)))
    .png({ compressionLevel: 9 })
    .toBuffer();
}
