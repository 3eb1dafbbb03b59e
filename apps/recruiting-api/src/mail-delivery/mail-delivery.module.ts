import { type DynamicModule, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { MailConfig } from '../config';
import { MailTransport, PrototypeMailTransport, SmtpMailTransport } from './mail-transport';

@Injectable()
class MailLifecycle implements OnApplicationShutdown {
  constructor(@Inject(MailTransport) private readonly transport: MailTransport) {}
  async onApplicationShutdown(): Promise<void> {
    await this.transport.close();
  }
}

/** The mail port, chosen once at start by isEmailEnabled (config.ts): nodemailer to SMTP_URL, or nothing (PROTOTYPE_MODE). */
@Module({})
export class MailDeliveryModule {
  static register(mail: MailConfig & { enabled: boolean }): DynamicModule {
    return {
      module: MailDeliveryModule,
      global: true,
      providers: [
        {
          provide: MailTransport,
          useFactory: () => (mail.enabled ? new SmtpMailTransport(mail.smtpUrl!, mail.from) : new PrototypeMailTransport()),
        },
        MailLifecycle,
      ],
      exports: [MailTransport],
    };
  }
}
