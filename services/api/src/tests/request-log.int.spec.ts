import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createServiceLogger, FixedClock, loadConfig, PinoNestLogger } from '@budget/platform';
import { createTestDatabase, type TestDatabase } from '@budget/platform/testing';
import { RecordingMailSender, signUp, TestHttp, type SignedUpUser } from '@budget/identity/testing';
import { createApp } from '../create-app.js';

/** Every line the app's pino logger wrote, as written (one JSON object per line). */
class Lines extends Writable {
  readonly lines: string[] = [];
  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    this.lines.push(...chunk.toString().split('\n').filter((line) => line.length > 0));
    done();
  }
  parsed(): Record<string, unknown>[] {
    return this.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  }
}

describe('structured logs: one JSON line per request, with no body, token or forged line', () => {
  let db: TestDatabase;
  let app: NestFastifyApplication;
  let http: TestHttp;
  let user: SignedUpUser;
  const out = new Lines();

  beforeAll(async () => {
    db = await createTestDatabase('reqlog');
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: db.url, JWT_SECRET: 'request-log-tests-secret-0123456789-abcdef' });
    const pino = createServiceLogger('api', { LOG_LEVEL: 'info' }, out);
    const mail = new RecordingMailSender();
    app = await createApp({
      config, pool: db.pool, clock: new FixedClock(new Date()), mailSender: mail, responseCheck: 'fail',
      logger: new PinoNestLogger(pino),
      requestLog: (line) => pino.info(line, 'request'),
    });
    http = new TestHttp(app);
    user = await signUp(http, mail, 'reqlog');
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  test('an authenticated call logs its route template, status, duration and user id, and nothing it carried', async () => {
    out.lines.length = 0;
    const answer = await http.post('groups', { name: 'Secret group name' }, user.access);
    expect(answer.status).toBe(201);
    const missing = await http.get('account/00000000-0000-4000-8000-000000000000/transactions', user.access);
    expect(missing.status).toBe(404);
    const requests = out.parsed().filter((line) => line.msg === 'request');
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatchObject({ level: 'info', service: 'api', method: 'POST', route: '/api/v1/groups', status: 201, userId: expect.any(String) });
    expect(typeof requests[0]!.durationMs).toBe('number');
    expect(requests[1]).toMatchObject({ method: 'GET', route: '/api/v1/account/:id/transactions', status: 404 });
    const text = out.lines.join('\n');
    expect(text).not.toContain('Secret group name');
    expect(text).not.toContain(user.access);
    expect(text).not.toContain('00000000-0000-4000-8000-000000000000');
  });

  test("a webhook's fields cannot forge a log line: a newline stays inside its JSON string", async () => {
    out.lines.length = 0;
    const forged = 'X\n{"level":"error","msg":"forged"}';
    const answer = await http.post('plaid/webhook', { webhook_type: forged, webhook_code: 'Y\r\nZ', item_id: 'no-such-item' });
    expect(answer.status).toBe(200);
    const parsed = out.parsed(); // throws if any line is not one whole JSON object
    expect(parsed.some((line) => line.msg === 'forged')).toBe(false);
    const webhook = parsed.find((line) => line.msg === 'Webhook for an unknown item: acknowledged');
    expect(webhook).toMatchObject({ webhookType: forged, webhookCode: 'Y\r\nZ' });
    expect(parsed.find((line) => line.msg === 'request')).toMatchObject({ route: '/api/v1/plaid/webhook', status: 200, userId: null });
  });
});
