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

/** The most browsers one user keeps subscribed; registering one more drops the least recently registered. */
export const MAX_PUSH_SUBSCRIPTIONS_PER_USER = 10;

/**
 * `identity_push_subscriptions`: one row per push endpoint (server-behaviour §7.5 item 39: the
 * original inserted one per call). A second registration of an endpoint by its user updates its
 * keys. An endpoint is bound to the user who registered it: another user takes it over only with
 * the subscription's own keys (its auth secret, which only the browser holding the subscription
 * knows — one browser, a new sign-in), so knowing someone's endpoint URL is not enough to move it.
 * A user keeps at most `MAX_PUSH_SUBSCRIPTIONS_PER_USER` endpoints. Rows go with the user (ON DELETE CASCADE).
 */
@Injectable()
export class PushSubscriptionsRepository {
  /** Stores the subscription; false when another user holds the endpoint and the keys do not prove the same browser. */
  async upsert(db: Queryable, userId: string, subscription: WebPushSubscription, now: Date): Promise<boolean> {
    const { rows } = await db.query<{ endpoint: string }>(
      `WITH stored AS (
         INSERT INTO identity_push_subscriptions (endpoint, user_id, p256dh, auth, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $5)
         ON CONFLICT (endpoint) DO UPDATE SET user_id = EXCLUDED.user_id, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, updated_at = EXCLUDED.updated_at
          WHERE identity_push_subscriptions.user_id = EXCLUDED.user_id
             OR (identity_push_subscriptions.p256dh = EXCLUDED.p256dh AND identity_push_subscriptions.auth = EXCLUDED.auth)
         RETURNING endpoint),
       dropped AS (
         DELETE FROM identity_push_subscriptions s
          WHERE s.user_id = $2 AND EXISTS (SELECT 1 FROM stored) AND s.endpoint <> $1
            AND s.endpoint NOT IN (
              SELECT endpoint FROM identity_push_subscriptions
               WHERE user_id = $2 AND endpoint <> $1 ORDER BY updated_at DESC, endpoint LIMIT $6))
       SELECT endpoint FROM stored`,
      [subscription.endpoint, userId, subscription.keys.p256dh, subscription.keys.auth, now, MAX_PUSH_SUBSCRIPTIONS_PER_USER - 1],
    );
    return rows.length > 0;
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
