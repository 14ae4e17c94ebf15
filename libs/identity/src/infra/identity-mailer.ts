import { Inject, Injectable, Logger } from '@nestjs/common';
import { MAIL_SENDER, type MailSender } from '@budget/platform';
import type { ComposedMail } from '../domain/identity-mails.js';

/** Hands identity e-mails to the mail queue (the worker delivers them: outbox folder or SMTP). */
@Injectable()
export class IdentityMailer {
  private readonly logger = new Logger('IdentityMailer');

  constructor(@Inject(MAIL_SENDER) private readonly sender: MailSender) {}

  send(mail: ComposedMail): Promise<void> {
    return this.sender.send(mail);
  }

  /**
   * For answers that must not depend on the mail queue (no enumeration, account already made):
   * a failure is logged and the user can ask for a new code.
   */
  async sendOrLog(mail: ComposedMail): Promise<void> {
    try {
      await this.sender.send(mail);
    } catch (error) {
      this.logger.error(`could not queue "${mail.subject}" mail: ${(error as Error).message}`);
    }
  }
}
