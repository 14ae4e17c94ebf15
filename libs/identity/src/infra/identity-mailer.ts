import { Inject, Injectable } from '@nestjs/common';
import { MAIL_SENDER, type MailMessage, type MailSender, type Queryable } from '@budget/platform';
import type { ComposedMail } from '../domain/identity-mails.js';

/** Hands identity e-mails to the mail queue (the worker delivers them: outbox folder or SMTP). */
@Injectable()
export class IdentityMailer {
  constructor(@Inject(MAIL_SENDER) private readonly sender: MailSender) {}

  /** With `db`, the client of an open transaction, the mail is queued only if that transaction commits. */
  send(mail: ComposedMail & Pick<MailMessage, 'idempotencyKey'>, db?: Queryable): Promise<void> {
    return this.sender.send(mail, db);
  }
}
