import { Logger } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { counterMetric } from '@platform/runtime';

/** Mail handed to the SMTP server, by outcome: sent, refused (this message) or unreachable (the server). */
const deliveries = () =>
  counterMetric({
    name: 'mail_deliveries_total',
    help: 'Mail handed to the SMTP server, by outcome: sent, refused (the server refused this message) or unreachable.',
    labelNames: ['outcome'] as const,
  });

export interface OutgoingMail {
  to: string;
  subject: string;
  body: string;
  /** The body is HTML; otherwise plain text. */
  html: boolean;
}

/** A delivery that failed: `transportDown` when the mail server could not take any mail, not only this one. */
export class MailDeliveryError extends Error {
  constructor(
    message: string,
    readonly transportDown: boolean,
  ) {
    super(message);
  }
}

/** The mail port: one message at a time; throws MailDeliveryError. */
export abstract class MailTransport {
  abstract send(mail: OutgoingMail): Promise<void>;
  async close(): Promise<void> {}
}

/** PROTOTYPE_MODE: nothing leaves the machine; the caller logs the rendered mail as sent. */
export class PrototypeMailTransport extends MailTransport {
  async send(): Promise<void> {}
}

/** Per-message refusals (a recipient or message the server rejects); every other failure means the server is unusable. */
const PER_MESSAGE_CODES = new Set(['EENVELOPE', 'EMESSAGE']);

/** nodemailer over SMTP_URL, one connection per message (a pool would hide a dead server until its next use). */
export class SmtpMailTransport extends MailTransport {
  private readonly logger = new Logger('SmtpMailTransport');
  private readonly transporter: Transporter;

  constructor(url: string, from: string) {
    super();
    this.transporter = createTransport(url, { from });
    Object.assign(this.transporter.options, { connectionTimeout: 5000, greetingTimeout: 5000, socketTimeout: 15_000 });
  }

  async send(mail: OutgoingMail): Promise<void> {
    try {
      await this.transporter.sendMail({ to: mail.to, subject: mail.subject, ...(mail.html ? { html: mail.body } : { text: mail.body }) });
      deliveries().inc({ outcome: 'sent' });
    } catch (error) {
      const code = (error as { code?: string }).code ?? '';
      const perMessage = PER_MESSAGE_CODES.has(code);
      deliveries().inc({ outcome: perMessage ? 'refused' : 'unreachable' });
      this.logger.warn(`mail to one recipient failed (${code || 'no code'}): ${(error as Error).message}`);
      throw new MailDeliveryError(
        perMessage ? 'The mail server refused this message' : 'The mail server could not be reached',
        !perMessage,
      );
    }
  }

  override async close(): Promise<void> {
    this.transporter.close();
  }
}
