import type { Agent } from 'node:https';
import webpush from 'web-push';
import { assertEndpointHostAllowed, PrivateAddressError, publicOnlyAgent } from './public-address.js';
import type { Queryable } from '../persistence/queryable.js';
import { pushMessageFor, type PushJobData } from './push-messages.js';
import { PushSubscriptionsRepository } from './push-subscriptions.repository.js';
import type { VapidKeys } from './vapid-keys.js';

/** What one push job did: sent per endpoint, and endpoints dropped (404/410). */
export interface PushOutcome {
  sent: number;
  removed: number;
  failed: number;
}

/** Push services keep an undelivered message this long (seconds) while the browser is offline. */
const TIME_TO_LIVE_S = 24 * 60 * 60;

/**
 * Sends one push job to every subscription of its user (server-behaviour §5.3): the message is
 * encrypted (RFC 8291, aes128gcm) and signed with the server's VAPID key by the `web-push`
 * package. A 404 or 410 from the push service means the subscription is gone: it is deleted. Any
 * other failure is counted and, when nothing could be sent, thrown so that the job is retried.
 */
export class WebPushSender {
  private readonly subscriptions = new PushSubscriptionsRepository();
  private readonly agent: Agent;

  constructor(
    private readonly db: Queryable,
    private readonly vapid: VapidKeys,
    /**
     * `agent`: tests only — a local push service on a loopback address with its own certificate.
     * Without it every push goes through `publicOnlyAgent`, which connects to public addresses only.
     */
    private readonly options: { timeoutMs?: number; agent?: Agent } = {},
  ) {
    this.agent = options.agent ?? publicOnlyAgent();
  }

  async send(job: PushJobData): Promise<PushOutcome> {
    const payload = JSON.stringify(pushMessageFor(job));
    const outcome: PushOutcome = { sent: 0, removed: 0, failed: 0 };
    const errors: string[] = [];
    for (const subscription of await this.subscriptions.byUser(this.db, job.userId)) {
      try {
        if (!this.options.agent) assertEndpointHostAllowed(subscription.endpoint);
        await webpush.sendNotification({ endpoint: subscription.endpoint, keys: subscription.keys }, payload, {
          vapidDetails: this.vapid,
          TTL: TIME_TO_LIVE_S,
          contentEncoding: 'aes128gcm',
          timeout: this.options.timeoutMs ?? 10_000,
          agent: this.agent,
        });
        outcome.sent += 1;
      } catch (error) {
        // A push service that is gone (404/410), or an endpoint that resolves to a loopback, private or
        // metadata address (never a push service: someone registered it to reach inside), is dropped.
        if ((error instanceof webpush.WebPushError && (error.statusCode === 404 || error.statusCode === 410)) || isPrivateAddressError(error)) {
          await this.subscriptions.removeEndpoint(this.db, subscription.endpoint);
          outcome.removed += 1;
        } else {
          outcome.failed += 1;
          errors.push(error instanceof Error ? error.message : String(error));
        }
      }
    }
    if (outcome.failed > 0 && outcome.sent === 0) throw new Error(`push failed for every subscription: ${errors.join('; ')}`);
    return outcome;
  }
}

function isPrivateAddressError(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) if (e instanceof PrivateAddressError || (e as { code?: string }).code === 'EPUSHPRIVATE') return true;
  return false;
}
