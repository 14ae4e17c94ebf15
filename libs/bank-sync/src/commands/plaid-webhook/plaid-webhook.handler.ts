import { BadRequestException, Inject, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG, PG_POOL, withTransaction, type AppConfig, type Pool } from '@budget/platform';
import type { JWK } from 'jose';
import { PlaidItemStore } from '../../items/plaid-item-store.js';
import { PlaidGateway } from '../../plaid/plaid-gateway.js';
import { RELINK_CODES } from '../../sync/sync-item.js';
import { BankSyncRequests } from '../../sync/sync-requests.js';
import { PlaidWebhookCommand } from './plaid-webhook.command.js';
import { WebhookRejected, WebhookVerifier } from './webhook-verifier.js';

/** Plaid codes that mean a sync has something to fetch (the sync-based Transactions product). */
const SYNC_CODES = new Set(['SYNC_UPDATES_AVAILABLE']);

/**
 * Plaid's webhook (server-behaviour §5.1): verified (with Plaid itself; the simulator signs
 * nothing, so it is skipped there), then it only enqueues — a sync for SYNC_UPDATES_AVAILABLE
 * (through the job outbox; de-duplicated per item by the queue), the relink mark for ITEM ERROR
 * with a relink code (ITEM_LOGIN_REQUIRED and the like). The first such webhook also asks for a
 * sync, in the mark's transaction: the sync hears the same error from Plaid and the worker pushes
 * "Action Required" (README "Web push"), or it succeeds and the item is healthy again — a webhook
 * Plaid sends twice marks nothing new and asks for nothing. Anything else is acknowledged and logged. An unknown item is acknowledged too (Plaid retries
 * what is not).
 */
@CommandHandler(PlaidWebhookCommand)
export class PlaidWebhookHandler implements ICommandHandler<PlaidWebhookCommand> {
  private readonly logger = new Logger('PlaidWebhook');
  private readonly verifier: WebhookVerifier | null;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(PlaidGateway) gateway: PlaidGateway,
    @Inject(PlaidItemStore) private readonly items: PlaidItemStore,
    @Inject(BankSyncRequests) private readonly requests: BankSyncRequests,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {
    this.verifier =
      config.plaid.env === 'simulator'
        ? null
        : new WebhookVerifier(async (keyId) => {
            const { data } = await gateway.as({ userId: null, itemId: null }).webhookVerificationKeyGet({ key_id: keyId });
            return data.key as unknown as JWK & { expired_at?: number | null };
          });
  }

  async execute({ body, verification, rawBody }: PlaidWebhookCommand): Promise<{ received: boolean }> {
    try {
      await this.verifier?.verify(verification, rawBody);
    } catch (error) {
      if (error instanceof WebhookRejected) throw new BadRequestException(error.message);
      throw error;
    }
    const item = body.item_id ? await this.items.findByItemId(body.item_id) : null;
    if (!item) {
      // The sender's fields go in as fields, never into the message: no value can forge a log line.
      this.logger.log({ msg: 'Webhook for an unknown item: acknowledged', webhookType: body.webhook_type, webhookCode: body.webhook_code });
      return { received: true };
    }
    if (body.webhook_type === 'TRANSACTIONS' && SYNC_CODES.has(body.webhook_code)) {
      // Through the job outbox, so Redis losing it loses no sync. Plaid's webhooks carry no id to
      // derive a job id from: one Plaid sends again is a row of its own, folded by the per-item
      // de-duplication while the first waits, or one more (cheap, cursor-based) sync after it.
      await this.requests.enqueue(item.itemId, 'webhook');
    } else if (body.webhook_type === 'ITEM' && body.webhook_code === 'ERROR' && RELINK_CODES.has(body.error?.error_code ?? '')) {
      const code = body.error!.error_code!;
      await withTransaction(this.pool, async (tx) => {
        if (await this.items.markNeedsRelink(item.itemId, code, tx)) await this.requests.enqueue(item.itemId, 'relink-webhook', undefined, tx);
      });
    } else {
      this.logger.log({ msg: 'Webhook acknowledged', webhookType: body.webhook_type, webhookCode: body.webhook_code, itemId: item.itemId });
    }
    return { received: true };
  }
}
