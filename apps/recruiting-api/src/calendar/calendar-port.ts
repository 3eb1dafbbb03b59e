/** What a calendar event says: the interview, without the candidate's contact details. */
export interface CalendarEventInput {
  summary: string;
  description: string;
  startAt: Date;
  endAt: Date;
}

/** The provider failed or answered something unusable: the request answers 502 and changes nothing. */
export class CalendarProviderError extends Error {}

/** The calendar port: create an event for a confirmed reservation, cancel it when the reservation is cancelled. */
export abstract class CalendarPort {
  /** Answers the provider's event id, or null when no calendar is kept. */
  abstract createEvent(event: CalendarEventInput): Promise<string | null>;
  abstract cancelEvent(eventId: string): Promise<void>;
}

/** PROTOTYPE_MODE, or no provider configured: calendar operations are skipped. */
export class NoCalendar extends CalendarPort {
  async createEvent(): Promise<string | null> {
    return null;
  }
  async cancelEvent(): Promise<void> {}
}
