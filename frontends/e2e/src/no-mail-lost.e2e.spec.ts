import { readdirSync } from 'node:fs';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForMailTo } from '@budget/platform';
import { startStack, type Stack } from './stack.js';

const PASSWORD = 'Secret123';

/**
 * The fault with the real processes: the worker frozen, a sign-up, then Redis loses
 * everything (the stack's own Redis database flushed, as a restart without persistence would),
 * then the worker runs again. The code mail was stored with the sign-up (the job outbox), so it
 * still arrives, once, and its code signs the user in.
 */
describe('no mail lost: worker down, sign-up, Redis emptied, worker back', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('delivers the code mail exactly once and the code verifies', async () => {
    const tag = `nolost${Date.now().toString(36)}`;
    const email = `${tag}@example.test`;
    const post = (path: string, body: unknown) =>
      fetch(`${stack.url}/api/v1/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

    stack.pause('worker');
    const registered = await post('register', { username: tag, email, password: PASSWORD, passwordConfirmation: PASSWORD });
    expect(registered.status).toBe(200);
    const redis = new Redis(stack.redisUrl);
    await redis.flushdb();
    redis.disconnect();
    stack.resume('worker');

    const mail = await waitForMailTo(stack.outbox, email, { timeoutMs: 20_000 });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(readdirSync(stack.outbox).filter((name) => name.endsWith(`-${email}.txt`))).toHaveLength(1);
    const code = /\b([0-9A-Z]{4}-[0-9A-Z]{4})\b/.exec(mail.text)?.[1];
    const verified = await post('code-verify', { email, code });
    expect(verified.status).toBe(200);
  });
});
