import { Command } from '@nestjs/cqrs';

/** A webhook Plaid sent, with what its verification needs (the header and the body's exact bytes). */
export class PlaidWebhookCommand extends Command<{ received: boolean }> {
  constructor(
    readonly body: { webhook_type: string; webhook_code: string; item_id?: string | undefined; error?: { error_code?: string | undefined } | null | undefined },
    readonly verification: string | undefined,
    readonly rawBody: Buffer | string | undefined,
  ) {
    super();
  }
}
