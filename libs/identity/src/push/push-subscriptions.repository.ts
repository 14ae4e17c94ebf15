import { Injectable } from '@nestjs/common';
import type { Queryable } from '../persistence/queryable.js';

/** A browser's PushSubscription as `PushSubscription.toJSON()` gives it. */
export interface WebPushSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface StoredSubscription extends WebPushSubscription {
  userId: string;
}

/**
 * `identity_push_subscriptions`: one row per push endpoint (server-behaviour §7.5 item 39: the
 * original inserted one per call). A second registration of an endpoint updates its keys, and
 * moves it to the caller when another user had it (one browser, a new sign-in): a browser only
 * ever gets the notifications of the user signed in on it. Rows go with the user (ON DELETE CASCADE).
 */
@Injectable()
export class PushSubscriptionsRepository {
  async upsert(db: Queryable, userId: string, subscription: WebPushSubscription, now: Date): Promise<void> {
    await db.query(
      `INSERT INTO identity_push_subscriptions (endpoint, user_id, p256dh, auth, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $5)
       ON CONFLICT (endpoint) DO UPDATE SET user_id = EXCLUDED.user_id, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, updated_at = EXCLUDED.updated_at`,
      [subscription.endpoint, userId, subscription.keys.p256dh, subscription.keys.auth, now],
    );
  }

  /** Only the caller's own endpoint is removed; another user's stays. */
  async remove(db: Queryable, userId: string, endpoint: string): Promise<boolean> {
    return ((await db.query('DELETE FROM identity_push_subscriptions WHERE user_id = $1 AND endpoint = $2', [userId, endpoint])).rowCount ?? 0) > 0;
  }

  /** The push service answered 404/410: the subscription is dead, whoever has it. */
  async removeEndpoint(db: Queryable, endpoint: string): Promise<void> {
    await db.query('DELETE FROM identity_push_subscriptions WHERE endpoint = $1', [endpoint]);
  }

  async byUser(db: Queryable, userId: string): Promise<StoredSubscription[]> {
    const { rows } = await db.query<{ endpoint: string; user_id: string; p256dh: string; auth: string }>(
      'SELECT endpoint, user_id, p256dh, auth FROM identity_push_subscriptions WHERE user_id = $1 ORDER BY created_at, endpoint',
      [userId],
    );
    return rows.map((r) => ({ endpoint: r.endpoint, userId: r.user_id, keys: { p256dh: r.p256dh, auth: r.auth } }));
  }
}
