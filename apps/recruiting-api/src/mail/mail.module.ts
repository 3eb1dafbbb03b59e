import { type DynamicModule, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { RecruitingConfig } from '../config';
import { isEmailEnabled, MailTransport, PrototypeMailTransport, SmtpMailTransport } from './mail-transport';

@Injectable()
class MailLifecycle implements OnApplicationShutdown {
  constructor(@Inject(MailTransport) private readonly transport: MailTransport) {}
  async onApplicationShutdown(): Promise<void> {
    await this.transport.close();
  }
}

/** The mail port, chosen once at start by isEmailEnabled: nodemailer to SMTP_URL, or nothing (PROTOTYPE_MODE). */
@Module({})
export class MailModule {
  static register(config: Pick<RecruitingConfig, 'prototypeMode' | 'mail'>): DynamicModule {
    return {
      module: MailModule,
      global: true,
      providers: [
        {
          provide: MailTransport,
          useFactory: () =>
            isEmailEnabled(config) ? new SmtpMailTransport(config.mail.smtpUrl!, config.mail.from) : new PrototypeMailTransport(),
        },
        MailLifecycle,
      ],
      exports: [MailTransport],
    };
  }
}
