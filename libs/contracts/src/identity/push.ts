import { z } from 'zod';
import { route } from '../common/route.js';
import { text } from '../common/fields.js';

/** base64url text (no padding), as `PushSubscription.toJSON()` gives the keys. */
const base64url = (max: number) => text({ max, min: 1 }).refine((s) => /^[A-Za-z0-9_-]*={0,2}$/.test(s), 'This must be base64url text.');

/** A push service endpoint: an https URL (what `PushSubscription.endpoint` always is). */
const endpoint = text({ max: 2048, min: 1 }).refine((s) => /^https:\/\/[^\s/?#]+[^\s]*$/i.test(s), 'The endpoint must be an https URL.');

/** The browser's `PushSubscription.toJSON()`: endpoint and the keys that encrypt for it (RFC 8291). */
export const webPushSubscription = z.object({
  endpoint,
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url(200), auth: base64url(100) }),
});
export type WebPushSubscriptionBody = z.infer<typeof webPushSubscription>;

/**
 * POST /user/register-push/web: stores the browser's subscription for the caller, one row per
 * endpoint (server-behaviour §4.1; §7.5 item 39 fixed: registering again updates it). Empty 200.
 * The VAPID public key to subscribe with is `GET /vapidPublicKey` (plain text, outside `/api/v1`).
 */
export const registerWebPush = route({
  id: 'registerWebPush',
  method: 'POST',
  path: '/user/register-push/web',
  summary: 'Register this browser for push notifications',
  tag: 'identity',
  body: webPushSubscription,
  response: null,
  errors: [409],
});

/** POST /user/unregister-push/web {endpoint}: forgets the caller's subscription of that endpoint. Empty 200. */
export const unregisterWebPush = route({
  id: 'unregisterWebPush',
  method: 'POST',
  path: '/user/unregister-push/web',
  summary: 'Stop push notifications to this browser',
  tag: 'identity',
  body: z.object({ endpoint }),
  response: null,
});
