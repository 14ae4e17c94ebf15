import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signUp } from '@budget/identity/testing';
import { startApiTestApp, type ApiTestApp } from '../testing/api-test-app.js';

/**
 * A deployment with asynchronous projection starts its processes in any order: an API that is up
 * before the projector (or whose projector failed to start) still answers its health check and its
 * reads, from tables it made itself, and reports the events nobody has applied yet as lag.
 */
describe('the API started before any projector (PROJECTION=async, a fresh database)', () => {
  let t: ApiTestApp;

  beforeAll(async () => {
    t = await startApiTestApp({ PROJECTION: 'async', PROJECTION_WAIT_MS: '200' }, { withoutProjector: true });
  });
  afterAll(async () => t?.close());

  test('health answers 200 with the checkpoint at 0, never a missing table', async () => {
    const answer = await t.http.get('health');
    expect(answer.status, answer.body).toBe(200);
    expect(answer.json().projector).toMatchObject({ checkpoint: '0', quarantined: [] });
  });

  test("a signed-up user's reads answer from the empty read models; the projector, once started, clears the lag", async () => {
    const user = await signUp(t.http, t.mail, 'beforeprojector');
    const groups = await t.http.get('groups', user.access);
    expect(groups.status, groups.body).toBe(200);
    const behind = (await t.http.get('health')).json().projector;
    expect(behind.lagEvents).toBeGreaterThan(0);

    await t.resumeProjector();
    await expect.poll(async () => (await t.http.get('health')).json().projector.lagEvents, { timeout: 30_000 }).toBe(0);
  });
});
