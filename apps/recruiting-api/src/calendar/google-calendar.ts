import { Logger } from '@nestjs/common';
import { counterMetric, withOutcome } from '@platform/runtime';
import { importPKCS8, SignJWT } from 'jose';
import { type CalendarEventInput, CalendarPort, CalendarProviderError } from './calendar-port';

/** Calls to the calendar provider, by operation (create_event, cancel_event) and outcome (ok, error). */
const requests = () =>
  counterMetric({
    name: 'calendar_requests_total',
    help: 'Calendar provider operations, by operation (create_event, cancel_event) and outcome (ok, error).',
    labelNames: ['operation', 'outcome'] as const,
  });

/** Runs one operation and counts its outcome. */
const counted = <T>(operation: 'create_event' | 'cancel_event', call: () => Promise<T>): Promise<T> =>
  withOutcome(call, (outcome) => requests().inc({ operation, outcome }));

export interface GoogleCalendarOptions {
  apiUrl: string;
  calendarId: string;
  serviceAccountEmail: string;
  serviceAccountKey: string;
  tokenUrl: string;
  timeoutMs: number;
}

const SCOPE = 'https://www.googleapis.com/auth/calendar.events';

/**
 * Google Calendar over its REST API with a service account: an RS256 assertion signed with jose is exchanged for an
 * access token (kept until a minute before it expires), then events are inserted and deleted in GOOGLE_CALENDAR_ID.
 */
export class GoogleCalendar extends CalendarPort {
  private readonly logger = new Logger('GoogleCalendar');
  private token?: { value: string; until: number };

  constructor(private readonly options: GoogleCalendarOptions) {
    super();
  }

  createEvent(event: CalendarEventInput): Promise<string> {
    return counted('create_event', () => this.insertEvent(event));
  }

  /** An event already gone (404, 410) counts as cancelled. */
  cancelEvent(eventId: string): Promise<void> {
    return counted('cancel_event', () => this.deleteEvent(eventId));
  }

  private async insertEvent(event: CalendarEventInput): Promise<string> {
    const res = await this.call('POST', `/calendars/${encodeURIComponent(this.options.calendarId)}/events`, {
      summary: event.summary,
      description: event.description,
      start: { dateTime: event.startAt.toISOString() },
      end: { dateTime: event.endAt.toISOString() },
    });
    if (!res.ok) throw await this.failure('event insert', res);
    const body = (await res.json().catch(() => ({}))) as { id?: unknown };
    if (typeof body.id !== 'string' || body.id.length === 0 || body.id.length > 1024) {
      throw new CalendarProviderError('The calendar answered without an event id');
    }
    return body.id;
  }

  private async deleteEvent(eventId: string): Promise<void> {
    const res = await this.call(
      'DELETE',
      `/calendars/${encodeURIComponent(this.options.calendarId)}/events/${encodeURIComponent(eventId)}?sendUpdates=none`,
    );
    if (!res.ok && res.status !== 404 && res.status !== 410) throw await this.failure('event delete', res);
  }

  private async call(method: string, path: string, body?: object): Promise<Response> {
    const token = await this.accessToken();
    try {
      return await fetch(`${this.options.apiUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (error) {
      this.logger.warn(`calendar ${method} failed: ${(error as Error).message}`);
      throw new CalendarProviderError('The calendar could not be reached');
    }
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.until > Date.now()) return this.token.value;
    let assertion: string;
    try {
      const key = await importPKCS8(this.options.serviceAccountKey, 'RS256');
      assertion = await new SignJWT({ scope: SCOPE })
        .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
        .setIssuer(this.options.serviceAccountEmail)
        .setAudience(this.options.tokenUrl)
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(key);
    } catch {
      throw new CalendarProviderError('The calendar service account key cannot sign');
    }
    let res: Response;
    try {
      res = await fetch(this.options.tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }).toString(),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (error) {
      this.logger.warn(`calendar token request failed: ${(error as Error).message}`);
      throw new CalendarProviderError('The calendar could not be reached');
    }
    if (!res.ok) throw await this.failure('token', res);
    const body = (await res.json().catch(() => ({}))) as { access_token?: unknown; expires_in?: unknown };
    if (typeof body.access_token !== 'string') throw new CalendarProviderError('The calendar answered without an access token');
    const lifetime = typeof body.expires_in === 'number' ? body.expires_in : 3600;
    this.token = { value: body.access_token, until: Date.now() + Math.max(0, lifetime - 60) * 1000 };
    return this.token.value;
  }

  private async failure(what: string, res: Response): Promise<CalendarProviderError> {
    const text = await res.text().catch(() => '');
    this.logger.warn(`calendar ${what} answered ${res.status}: ${text.slice(0, 200)}`);
    if (res.status === 401) this.token = undefined;
    return new CalendarProviderError(`The calendar answered ${res.status}`);
  }
}
