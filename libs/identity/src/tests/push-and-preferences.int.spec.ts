import { createECDH, randomBytes } from 'node:crypto';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MAX_PUSH_SUBSCRIPTIONS_PER_USER } from '../push/push-subscriptions.repository.js';
import { signUp, startIdentityTestApp, type IdentityTestApp } from '../testing/index.js';

const vapidKeys = { ...webpush.generateVAPIDKeys(), subject: 'mailto:push@budget.local' };
let t: IdentityTestApp;
beforeAll(async () => {
  t = await startIdentityTestApp({ vapidKeys });
});
afterAll(async () => {
  await t.close();
});

/** A subscription as a browser makes one: a P-256 public key and a 16-byte auth secret. */
function subscription(endpoint: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { endpoint, expirationTime: null, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') } };
}

const rows = async (userId?: string) =>
  (await t.db.pool.query<{ endpoint: string; user_id: string; p256dh: string }>(
    `SELECT endpoint, user_id, p256dh FROM identity_push_subscriptions ${userId ? 'WHERE user_id = $1' : ''} ORDER BY endpoint`, userId ? [userId] : [])).rows;
const idOf = async (username: string) => (await t.db.pool.query<{ id: string }>('SELECT id FROM identity_users WHERE username = $1', [username])).rows[0]!.id;

describe('web push registration (server-behaviour §4.1)', () => {
  test('GET /vapidPublicKey is public, outside /api/v1, and answers the key as plain text (65-byte uncompressed P-256 point)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/vapidPublicKey' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toBe(vapidKeys.publicKey);
    const point = Buffer.from(response.body, 'base64url');
    expect([point.length, point[0]]).toEqual([65, 4]);
  });

  test('registering twice keeps one row per endpoint (new keys replace the old); another browser adds a row; unregister removes only the caller\'s', async () => {
    const ann = await signUp(t.http, t.mail, 'pushann');
    const bob = await signUp(t.http, t.mail, 'pushbob');
    const annId = await idOf(ann.username);
    const bobId = await idOf(bob.username);
    const laptop = subscription(`https://push.example.test/send/${randomBytes(8).toString('hex')}`);
    const phone = subscription(`https://push.example.test/send/${randomBytes(8).toString('hex')}`);

    for (const body of [laptop, laptop]) {
      const response = await t.http.post('user/register-push/web', body, ann.access);
      expect([response.status, response.body]).toEqual([200, '']);
    }
    const renewed = { ...laptop, keys: subscription(laptop.endpoint).keys };
    expect((await t.http.post('user/register-push/web', renewed, ann.access)).status).toBe(200);
    expect((await t.http.post('user/register-push/web', phone, ann.access)).status).toBe(200);
    expect((await rows(annId)).map((r) => [r.endpoint, r.p256dh]).sort()).toEqual([[laptop.endpoint, renewed.keys.p256dh], [phone.endpoint, phone.keys.p256dh]].sort());

    // Bob cannot remove Ann's endpoint; Ann can.
    expect((await t.http.post('user/unregister-push/web', { endpoint: phone.endpoint }, bob.access)).status).toBe(200);
    expect(await rows(annId)).toHaveLength(2);
    expect((await t.http.post('user/unregister-push/web', { endpoint: phone.endpoint }, ann.access)).status).toBe(200);
    expect((await rows(annId)).map((r) => r.endpoint)).toEqual([laptop.endpoint]);

    // Someone who only knows the laptop's endpoint cannot take it: without the subscription's keys it is 409 and stays Ann's.
    const mallory = await signUp(t.http, t.mail, 'pushmal');
    const forged = subscription(laptop.endpoint);
    const refused = await t.http.post('user/register-push/web', forged, mallory.access);
    expect(refused.status).toBe(409);
    expect(refused.json().errors[0]).toMatchObject({ code: 'E_PUSH_ENDPOINT_TAKEN', status: '409' });
    expect((await rows(annId)).map((r) => [r.endpoint, r.p256dh])).toEqual([[laptop.endpoint, renewed.keys.p256dh]]);

    // Bob signs in on Ann's laptop: the browser presents its subscription (its keys), the endpoint is his now, never both users'.
    expect((await t.http.post('user/register-push/web', renewed, bob.access)).status).toBe(200);
    expect(await rows(annId)).toEqual([]);
    expect((await rows(bobId)).map((r) => r.endpoint)).toEqual([laptop.endpoint]);
  });

  test(`a user keeps at most ${MAX_PUSH_SUBSCRIPTIONS_PER_USER} browsers: one more drops the least recently registered`, async () => {
    const cat = await signUp(t.http, t.mail, 'pushcat');
    const catId = await idOf(cat.username);
    const made = [];
    for (let i = 0; i < MAX_PUSH_SUBSCRIPTIONS_PER_USER + 5; i++) {
      t.clock.advance(1_000);
      const body = subscription(`https://push.example.test/send/cat-${String(i).padStart(2, '0')}`);
      made.push(body.endpoint);
      expect((await t.http.post('user/register-push/web', body, cat.access)).status).toBe(200);
    }
    expect((await rows(catId)).map((r) => r.endpoint)).toEqual(made.slice(-MAX_PUSH_SUBSCRIPTIONS_PER_USER));
  });

  test('a body that is no push subscription is 422 per field; no token is 401', async () => {
    const user = await signUp(t.http, t.mail, 'pushbad');
    const bad = await t.http.post('user/register-push/web', { endpoint: 'http://push.example.test/x', keys: { p256dh: 'not base64!', auth: '' } }, user.access);
    expect(bad.status).toBe(422);
    expect(bad.json().errors.map((e: { field: string }) => e.field).sort()).toEqual(['endpoint', 'keys.auth', 'keys.p256dh']);
    expect((await t.http.post('user/register-push/web', subscription('https://push.example.test/y'))).status).toBe(401);
  });
});

describe('preferences (date format, first day of the week, theme)', () => {
  test('defaults until changed; PATCH merges the fields given; another user keeps theirs; a bad value is 422', async () => {
    const ann = await signUp(t.http, t.mail, 'prefann');
    const bob = await signUp(t.http, t.mail, 'prefbob');
    expect((await t.http.get('user/preferences', ann.access)).json()).toEqual({ data: { dateFormat: 'MM/DD/YYYY', weekStart: 0, theme: 'system' } });

    const dark = await t.http.patch('user/preferences', { theme: 'dark' }, ann.access);
    expect(dark.json()).toEqual({ data: { dateFormat: 'MM/DD/YYYY', weekStart: 0, theme: 'dark' } });
    const more = await t.http.patch('user/preferences', { dateFormat: 'YYYY-MM-DD', weekStart: 1 }, ann.access);
    expect(more.json()).toEqual({ data: { dateFormat: 'YYYY-MM-DD', weekStart: 1, theme: 'dark' } });
    expect((await t.http.get('user/preferences', ann.access)).json().data).toEqual({ dateFormat: 'YYYY-MM-DD', weekStart: 1, theme: 'dark' });
    expect((await t.http.get('user/preferences', bob.access)).json().data.theme).toBe('system');

    const bad = await t.http.patch('user/preferences', { theme: 'purple', weekStart: 3 }, ann.access);
    expect(bad.status).toBe(422);
    expect(bad.json().errors.map((e: { field: string }) => e.field).sort()).toEqual(['theme', 'weekStart']);
  });
});
