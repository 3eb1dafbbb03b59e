import { type DynamicModule, Module } from '@nestjs/common';
import type { CalendarConfig } from '../config';
import { CalendarPort, NoCalendar } from './calendar-port';
import { GoogleCalendar } from './google-calendar';

/** The calendar port: skipped while PROTOTYPE_MODE is true (isEmailEnabled, config.ts, says no) or no provider is configured. */
@Module({})
export class CalendarModule {
  static register(calendar: CalendarConfig, options: { enabled: boolean }): DynamicModule {
    return {
      module: CalendarModule,
      global: true,
      providers: [
        {
          provide: CalendarPort,
          useFactory: () => (options.enabled && calendar.provider === 'google' ? new GoogleCalendar(calendar) : new NoCalendar()),
        },
      ],
      exports: [CalendarPort],
    };
  }
}
