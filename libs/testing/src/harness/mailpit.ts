import { testServices, waitFor } from './test-services';

/** One message as Mailpit caught it. */
export interface CaughtMail {
  id: string;
  from: string;
  to: string[];
  subject: string;
  /** The text part (Mailpit derives one from an HTML-only message). */
  text: string;
  /** The HTML part; empty for a plain-text message. */
  html: string;
}

interface Address {
  Address: string;
}

interface Summary {
  ID: string;
  From: Address | null;
  To: Address[] | null;
}

const PAGE = 200;
const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * The shared Mailpit of the local services (scripts/services.sh) read through its HTTP API
 * (https://mailpit.axllent.org/docs/api-v1/). Its search matches parts of addresses, so every answer is narrowed here
 * to exact addresses: a test sees, and deletes, only the mail of addresses that are its own, never another test's.
 */
export class Mailpit {
  constructor(readonly apiUrl = testServices.mail.apiUrl) {}

  private async api(path: string, init?: RequestInit): Promise<unknown> {
    const res = await fetch(`${this.apiUrl}/api/v1/${path}`, init);
    if (!res.ok) throw new Error(`Mailpit answered ${res.status} to ${init?.method ?? 'GET'} /api/v1/${path}: ${await res.text()}`);
    return res.headers.get('content-type')?.includes('json') ? res.json() : res.text();
  }

  /** The ids of every message to `to` (and from `from`, when given), exactly; newest first. */
  async idsOf(match: { to?: string; from?: string }): Promise<string[]> {
    const terms = [match.from && `from:"${match.from}"`, match.to && `to:"${match.to}"`].filter(Boolean).join(' ');
    if (!terms) throw new Error('a Mailpit search names a recipient or a sender');
    const ids: string[] = [];
    for (let start = 0; ; start += PAGE) {
      const page = (await this.api(`search?query=${encodeURIComponent(terms)}&start=${start}&limit=${PAGE}`)) as {
        messages: Summary[];
        messages_count: number;
      };
      for (const m of page.messages) {
        const toMatches = !match.to || (m.To ?? []).some((a) => same(a.Address, match.to!));
        const fromMatches = !match.from || same(m.From?.Address ?? '', match.from);
        if (toMatches && fromMatches) ids.push(m.ID);
      }
      if (page.messages.length < PAGE || start + PAGE >= page.messages_count) return ids;
    }
  }

  async message(id: string): Promise<CaughtMail> {
    const m = (await this.api(`message/${encodeURIComponent(id)}`)) as {
      ID: string;
      From: Address;
      To: Address[] | null;
      Subject: string;
      Text: string;
      HTML: string;
    };
    return { id: m.ID, from: m.From.Address, to: (m.To ?? []).map((a) => a.Address), subject: m.Subject, text: m.Text, html: m.HTML };
  }

  /**
   * Waits until at least `count` messages to `to` (from `from`, when given) have arrived and answers them read whole,
   * newest first. Mail is delivered before the sending request answers, so the wait is short; it is bounded all the same.
   */
  async mailTo(to: string, options: { from?: string; count?: number; timeoutMs?: number } = {}): Promise<CaughtMail[]> {
    const count = options.count ?? 1;
    const ids = await waitFor(
      async () => {
        const found = await this.idsOf({ to, from: options.from });
        return found.length >= count ? found : undefined;
      },
      { timeoutMs: options.timeoutMs ?? 15_000, intervalMs: 100, what: `${count} mail(s) to ${to} in Mailpit` },
    );
    return Promise.all(ids.map((id) => this.message(id)));
  }

  /** Deletes the listed messages, and nothing else. */
  async delete(ids: string[]): Promise<void> {
    for (let i = 0; i < ids.length; i += PAGE) {
      await this.api('messages', {
        method: 'DELETE',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ IDs: ids.slice(i, i + PAGE) }),
      });
    }
  }

  /** Deletes every message exactly to `to` or exactly from `from`: what a test sent to or from its own address. */
  async deleteMailOf(match: { to?: string; from?: string }): Promise<number> {
    const ids = await this.idsOf(match);
    await this.delete(ids);
    return ids.length;
  }
}
