import type { MailMessage, MailSender } from '@budget/platform';

const CODE = /\b([0-9A-Z]{4}-[0-9A-Z]{4})\b/;

/** The `XXXX-XXXX` code in a mail's text. */
export function codeIn(text: string): string {
  const match = CODE.exec(text);
  if (!match?.[1]) throw new Error(`no code in mail text: ${text}`);
  return match[1];
}

/** A MailSender for tests that keeps every message instead of queueing it. */
export class RecordingMailSender implements MailSender {
  readonly sent: MailMessage[] = [];
  failing = false;

  async send(message: MailMessage): Promise<void> {
    if (this.failing) throw new Error('mail queue unavailable (test)');
    this.sent.push(message);
  }

  /** The newest mail to this address. */
  lastTo(address: string): MailMessage {
    const mail = [...this.sent].reverse().find((m) => m.to === address);
    if (!mail) throw new Error(`no mail to ${address}`);
    return mail;
  }

  codeSentTo(address: string): string {
    return codeIn(this.lastTo(address).text);
  }

  countTo(address: string): number {
    return this.sent.filter((m) => m.to === address).length;
  }
}
