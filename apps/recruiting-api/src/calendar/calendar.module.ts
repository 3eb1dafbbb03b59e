import { type DynamicModule, Module } from '@nestjs/common';
import type { RecruitingConfig } from '../config';
import { isEmailEnabled } from '../mail/mail-transport';
import { CalendarPort, NoCalendar } from './calendar-port';
import { GoogleCalendar } from './google-calendar';

/** The calendar port: skipped while PROTOTYPE_MODE is true (isEmailEnabled says no) or no provider is configured. */
@Module({})
export class CalendarModule {
  static register(config: Pick<RecruitingConfig, 'prototypeMode' | 'calendar'>): DynamicModule {
    const { calendar } = config;
    return {
      module: CalendarModule,
      global: true,
      providers: [
        {
          provide: CalendarPort,
          useFactory: () => (isEmailEnabled(config) && calendar.provider === 'google' ? new GoogleCalendar(calendar) : new NoCalendar()),
        },
      ],
      exports: [CalendarPort],
    };
  }
}
