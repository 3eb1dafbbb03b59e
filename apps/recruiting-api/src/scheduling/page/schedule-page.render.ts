import { DateTime } from 'luxon';
import h from 'escape-html';
import type { DayRange } from './page-window';

export interface PageSlot {
  slotId: string;
  interviewerId: number;
  interviewerName: string;
  startAt: Date;
  endAt: Date;
}

export type PageState =
  | { kind: 'error'; code: string; title: string; message: string }
  | {
      kind: 'scheduled';
      projectName: string;
      candidateName: string | null;
      timezone: string;
      reservation: { scheduledAt: Date; durationMinutes: number; interviewType: string; meetingUrl: string | null };
      /** Set when the page answers a submission that the confirmed reservation refuses (SLOT_NOT_AVAILABLE). */
      code?: string;
    }
  | {
      kind: 'open';
      token: string;
      projectName: string;
      candidateName: string | null;
      durationMinutes: number;
      timezone: string;
      slots: PageSlot[];
      /** slotIds the candidate submitted last time (pre-checked). */
      chosen: Set<string>;
      /** Earlier choices starting outside the shown days: carried in the form, so a submission keeps them. */
      keptElsewhere: PageSlot[];
      /** The days shown, and the weeks before and after that have slots. */
      days: DayRange;
      previous?: Required<DayRange>;
      next?: Required<DayRange>;
      notice?: { kind: 'success' | 'error'; code?: string; message: string };
    };

export const MAX_SLOTS = 20;

const INTERVIEW_TYPES: Record<string, string> = {
  online_meet: 'オンライン',
  online_conf: 'オンライン（会議ツール）',
  offline: '対面',
  any: '指定なし',
};

const local = (at: Date, zone: string) => DateTime.fromJSDate(at).setZone(zone).setLocale('ja');

const STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Hiragino Sans","Noto Sans JP",sans-serif;line-height:1.6;color:#1a1a1a;background:#f6f7f9}
main{max-width:40rem;margin:0 auto;padding:1rem}h1{font-size:1.35rem;margin:.5rem 0 1rem}h2{font-size:1.1rem}
.card{background:#fff;border-radius:.75rem;padding:1rem;margin:0 0 1rem;box-shadow:0 1px 3px rgba(0,0,0,.08)}
fieldset{border:1px solid #d5d9e0;border-radius:.5rem;margin:0 0 1rem;padding:.5rem .75rem}legend{font-weight:700;padding:0 .25rem}
label.slot{display:flex;align-items:center;gap:.6rem;min-height:2.75rem;padding:.25rem .25rem;border-radius:.4rem;cursor:pointer}
label.slot:hover{background:#eef3ff}input[type=checkbox]{width:1.4rem;height:1.4rem;flex:none}
button{font:inherit;font-weight:700;width:100%;min-height:3rem;border:0;border-radius:.5rem;background:#1f5eff;color:#fff;cursor:pointer}
button:disabled{background:#9aa6bf}:focus-visible{outline:3px solid #ffbf47;outline-offset:2px}
.notice{padding:.75rem 1rem;border-radius:.5rem;margin:0 0 1rem}.success{background:#e7f6ec;border:1px solid #2e8540}.error{background:#fdecea;border:1px solid #c62828}
.weeks{display:flex;justify-content:space-between;margin:0 0 1rem}.weeks a{display:inline-block;min-height:2.75rem;padding:.6rem .25rem;color:#1f5eff;font-weight:700}
.muted{color:#555;font-size:.9rem}dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:0}dt{font-weight:700}
`;

function layout(title: string, content: string, nonce: string, code?: string, script = ''): string {
  return `<!doctype html>
<html lang="ja">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${h(title)}</title>
<style nonce="${nonce}">${STYLE}</style>
</head>
<body>
<main${code ? ` data-error-code="${h(code)}"` : ''}>
${content}
</main>
${script ? `<script nonce="${nonce}">${script}</script>` : ''}
</body>
</html>
`;
}

/** A day in full, as the page names days: 2027年1月4日(月). */
const FULL_DAY = 'yyyy年M月d日(ccc)';

/** The page's own address for a link (before HTML escaping). */
const pagePath = (token: string) => `/schedule/${encodeURIComponent(token)}`;

/** Script only enhances: it limits the choice to 20 as boxes are ticked and submits through the public API. */
function enhancement(token: string): string {
  const api = JSON.stringify(`/api/v1/scheduling/${encodeURIComponent(token)}/submit-availability`);
  const page = JSON.stringify(`${pagePath(token)}?submitted=`);
  return `(function(){
var form=document.getElementById('slots-form');if(!form)return;
var boxes=[].slice.call(form.querySelectorAll('input[type=checkbox][name=slot]'));var kept=[].slice.call(form.querySelectorAll('input[type=hidden][name=slot]'));
var count=document.getElementById('count');var status=document.getElementById('status');var button=form.querySelector('button');
function update(){var n=kept.length+boxes.filter(function(b){return b.checked}).length;count.textContent=n+' / ${MAX_SLOTS} 件選択中';
boxes.forEach(function(b){b.disabled=!b.checked&&n>=${MAX_SLOTS}});button.disabled=n===0}
boxes.forEach(function(b){b.addEventListener('change',update)});update();
form.addEventListener('submit',function(e){e.preventDefault();var chosen=kept.concat(boxes.filter(function(b){return b.checked}));
var slots=chosen.map(function(b){return{slotId:b.value,interviewerId:Number(b.dataset.interviewerId),startAt:b.dataset.start,endAt:b.dataset.end}});
button.disabled=true;status.textContent='送信しています…';
fetch(${api},{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify({slots:slots})})
.then(function(r){return r.json().then(function(body){return{ok:r.ok,body:body}})})
.then(function(r){if(r.ok){location.href=${page}+r.body.data.selectedCount;return}
status.textContent=r.body&&r.body.error&&r.body.error.code==='SLOT_NOT_AVAILABLE'?'選択した日時の一部が選べなくなりました。ページを再読み込みして選び直してください。':'送信できませんでした。時間をおいてもう一度お試しください。';button.disabled=false})
.catch(function(){status.textContent='通信に失敗しました。もう一度お試しください。';button.disabled=false})});
})();`;
}

/** A slot's value and the data the script submits through the public API. */
const slotData = (s: PageSlot) =>
  `value="${h(s.slotId)}" data-interviewer-id="${s.interviewerId}" data-start="${s.startAt.toISOString()}" data-end="${s.endAt.toISOString()}"`;

/** The shown days in words: 2027年1月4日(月)〜1月10日(日), or one end only. */
function rangeText({ from, to }: DayRange, zone: string): string {
  const day = (d: string, format: string) => DateTime.fromISO(d, { zone }).setLocale('ja').toFormat(format);
  if (from && to) return `${day(from, FULL_DAY)}〜${day(to, from.slice(0, 4) === to.slice(0, 4) ? 'M月d日(ccc)' : FULL_DAY)}`;
  if (from) return `${day(from, FULL_DAY)}以降`;
  return to ? `${day(to, FULL_DAY)}まで` : 'すべての期間';
}

/** The public scheduling page, in Japanese, complete without script. */
export function renderSchedulePage(state: PageState, nonce: string): string {
  if (state.kind === 'error') {
    return layout(state.title, `<h1>${h(state.title)}</h1><div class="card"><p>${h(state.message)}</p></div>`, nonce, state.code);
  }
  const greeting = state.candidateName ? `<p>${h(state.candidateName)} 様</p>` : '';
  if (state.kind === 'scheduled') {
    const r = state.reservation;
    const start = local(r.scheduledAt, state.timezone);
    const content = `<h1>${h(state.projectName)} インタビュー日程</h1>${greeting}
<div class="card" role="status"><h2>日程が確定しています</h2><dl>
<dt>日時</dt><dd>${h(start.toFormat(`${FULL_DAY} HH:mm`))}〜${h(start.plus({ minutes: r.durationMinutes }).toFormat('HH:mm'))}</dd>
<dt>所要時間</dt><dd>${r.durationMinutes}分</dd>
<dt>形式</dt><dd>${h(INTERVIEW_TYPES[r.interviewType] ?? r.interviewType)}</dd>
${r.meetingUrl ? `<dt>参加URL</dt><dd><a href="${h(r.meetingUrl)}" rel="noopener noreferrer">${h(r.meetingUrl)}</a></dd>` : ''}
</dl><p class="muted">時刻は ${h(state.timezone)} の時刻です。変更が必要な場合は担当者にご連絡ください。</p></div>`;
    return layout(`${state.projectName} インタビュー日程`, content, nonce, state.code);
  }
  const days = new Map<string, PageSlot[]>();
  for (const slot of state.slots) {
    const day = local(slot.startAt, state.timezone).toFormat(FULL_DAY);
    days.set(day, [...(days.get(day) ?? []), slot]);
  }
  const fieldsets = [...days.entries()]
    .map(([day, slots], d) => {
      const items = slots
        .map((s, i) => {
          const id = `slot-${d}-${i}`;
          const start = local(s.startAt, state.timezone);
          const end = local(s.endAt, state.timezone);
          return `<label class="slot" for="${id}"><input type="checkbox" id="${id}" name="slot" ${slotData(s)}${state.chosen.has(s.slotId) ? ' checked' : ''}><span>${h(start.toFormat('HH:mm'))}〜${h(end.toFormat('HH:mm'))}<span class="muted">（担当: ${h(s.interviewerName)}）</span></span></label>`;
        })
        .join('\n');
      return `<fieldset><legend>${h(day)}</legend>\n${items}\n</fieldset>`;
    })
    .join('\n');
  const kept = state.keptElsewhere.length
    ? `${state.keptElsewhere.map((s) => `<input type="hidden" name="slot" ${slotData(s)}>`).join('\n')}
<p class="muted">表示中の期間のほかに選択済みの日時: ${state.keptElsewhere.length}件（送信すると引き継がれます）</p>\n`
    : '';
  const weekLink = (days: Required<DayRange>, text: string, rel: string) =>
    `<a rel="${rel}" href="${h(pagePath(state.token))}?from=${days.from}&amp;to=${days.to}">${text}</a>`;
  const nav =
    state.previous || state.next
      ? `<nav class="weeks" aria-label="表示する期間">${state.previous ? weekLink(state.previous, '← 前の日程', 'prev') : '<span></span>'}${
          state.next ? weekLink(state.next, '次の日程 →', 'next') : '<span></span>'
        }</nav>\n`
      : '';
  const notice = state.notice
    ? `<div class="notice ${state.notice.kind}" role="${state.notice.kind === 'error' ? 'alert' : 'status'}">${h(state.notice.message)}</div>`
    : '';
  const range = rangeText(state.days, state.timezone);
  const form =
    state.slots.length === 0
      ? state.previous || state.next
        ? `<div class="card"><p>${h(range)}にはお選びいただける日時がありません。ほかの日程をご覧ください。</p></div>`
        : '<div class="card"><p>現在お選びいただける日時がありません。日を改めてこのページを開くか、担当者にご連絡ください。</p></div>'
      : `<form id="slots-form" method="post" action="${h(pagePath(state.token))}" class="card">
<p>ご都合のよい日時をすべてお選びください（最大${MAX_SLOTS}件）。担当者が確認のうえ、日程を確定してご連絡します。</p>
<p class="muted">${h(range)}の日時です。時刻は ${h(state.timezone)} の時刻です。</p>
${fieldsets}
${kept}
<p id="count" class="muted" aria-live="polite"></p>
<button type="submit">希望日時を送信する</button>
<p id="status" role="status" aria-live="polite"></p>
</form>`;
  const content = `<h1>${h(state.projectName)} インタビュー日程のご希望</h1>${greeting}
<p>所要時間: ${state.durationMinutes}分</p>
${notice}${nav}${form}${nav}`;
  return layout(
    `${state.projectName} インタビュー日程`,
    content,
    nonce,
    state.notice?.code,
    state.slots.length ? enhancement(state.token) : '',
  );
}
