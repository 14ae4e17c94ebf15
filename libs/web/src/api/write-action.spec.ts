import { route } from '@budget/contracts';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { toFormErrors, KEY_MESSAGES } from '../forms/form-errors.js';
import { NO_ANSWER, sendFailure } from '../forms/use-server-form.js';
import { ApiClient } from './api-client.js';
import { fakeFetch, jsonResponse, type RecordedCall } from './fake-fetch.testing.js';
import { memoryStorage, TokenStore } from './token-store.js';
import { isDefinitive, WriteAction } from './write-action.js';

const recordRebalance = route({
  id: 'testRebalance',
  method: 'POST',
  path: '/category-transfer',
  status: 201,
  summary: 'Rebalance',
  tag: 'test',
  body: z.object({ amount: z.number() }),
  response: z.object({ data: z.object({ id: z.string() }) }),
});

/**
 * A server with the idempotency rules of the API (libs/platform/src/http/idempotency): the first
 * request with a key runs and its answer is kept; the same key and request answer it again; the
 * same key with another request is 422 `reused`; a 4xx gives the key back. `drop` cuts off the
 * answer of the next request after it was stored, as a lost connection does.
 */
function idempotentServer() {
  const stored: { amount: number }[] = [];
  const kept = new Map<string, { body: string; status: number; answer: unknown }>();
  let drop = 0;
  let failNext: number | null = null;
  const { fetch, calls } = fakeFetch((call: RecordedCall) => {
    const key = call.headers['Idempotency-Key']!;
    const body = String(call.body);
    const answer = (): Response => {
      const seen = kept.get(key);
      if (seen) {
        if (seen.body !== body) return jsonResponse(422, { errors: [{ field: 'Idempotency-Key', code: 'reused', message: 'This Idempotency-Key was already used for a different request.' }] });
        return jsonResponse(seen.status, seen.answer);
      }
      if (failNext !== null) {
        const status = failNext;
        failNext = null;
        return status >= 500 ? jsonResponse(status, { message: 'Bad gateway' }) : jsonResponse(status, { errors: [{ field: 'amount', message: 'Too much' }] });
      }
      const { amount } = JSON.parse(body) as { amount: number };
      stored.push({ amount });
      const result = { data: { id: `t${stored.length}` } };
      kept.set(key, { body, status: 201, answer: result });
      return jsonResponse(201, result);
    };
    const response = answer();
    if (drop > 0) {
      drop -= 1;
      throw new TypeError('Failed to fetch');
    }
    return response;
  });
  const api = new ApiClient({ fetch, tokens: new TokenStore(memoryStorage()), onServerError: vi.fn(), onUnauthorized: vi.fn(), pendingRetryMs: [] });
  return {
    api,
    calls,
    stored,
    keys: () => calls.map((call) => call.headers['Idempotency-Key']),
    dropNextAnswer: () => (drop += 1),
    answerNext: (status: number) => (failNext = status),
  };
}

const counter = () => {
  let next = 0;
  return () => `key-${++next}`;
};

describe('WriteAction: one Idempotency-Key per user action', () => {
  it('sends the same key when Save is pressed again after a lost answer, and the write is stored once', async () => {
    const server = idempotentServer();
    const action = new WriteAction(counter());
    server.dropNextAnswer();
    const first = action.send(server.api, recordRebalance, { body: { amount: 50 } });
    await expect(first).rejects.toThrow('Failed to fetch');
    expect(sendFailure(await first.catch((error: unknown) => error))).toBe(NO_ANSWER);

    const again = await action.send(server.api, recordRebalance, { body: { amount: 50 } });
    expect(again).toMatchObject({ ok: true, status: 201, body: { data: { id: 't1' } } });
    expect(server.stored).toEqual([{ amount: 50 }]);
    expect(server.keys()).toEqual(['key-1', 'key-1']);
  });

  it('makes a new key once the action has its answer: the next Save is a new action', async () => {
    const server = idempotentServer();
    const action = new WriteAction(counter());
    await action.send(server.api, recordRebalance, { body: { amount: 50 } });
    await action.send(server.api, recordRebalance, { body: { amount: 50 } });
    expect(server.keys()).toEqual(['key-1', 'key-2']);
    expect(server.stored).toHaveLength(2);
  });

  it('keeps the key after a 5xx, and renews it after a 4xx the user must correct', async () => {
    const server = idempotentServer();
    const action = new WriteAction(counter());
    server.answerNext(502);
    expect(await action.send(server.api, recordRebalance, { body: { amount: 50 } })).toMatchObject({ ok: false, status: 502 });
    server.answerNext(422);
    expect(await action.send(server.api, recordRebalance, { body: { amount: 50 } })).toMatchObject({ ok: false, status: 422 });
    await action.send(server.api, recordRebalance, { body: { amount: 40 } });
    expect(server.keys()).toEqual(['key-1', 'key-1', 'key-2']);
    expect(server.stored).toEqual([{ amount: 40 }]);
  });

  it('keeps the key while a write is stored but pending (202)', () => {
    expect(isDefinitive({ answer: { ok: true, status: 202, body: { pending: true } } })).toBe(false);
    expect(isDefinitive({ answer: { ok: true, status: 200, body: {} } })).toBe(true);
    expect(isDefinitive({ answer: { ok: false, status: 409, body: { errors: [{ code: 'INCORRECT_VERSION' }] } } })).toBe(true);
    expect(isDefinitive({ answer: { ok: false, status: 409, body: { errors: [{ field: 'Idempotency-Key', code: 'in_progress' }] } } })).toBe(false);
    expect(isDefinitive({ threw: new Error('server error') })).toBe(false);
  });

  describe('a form changed after a Save that got no answer', () => {
    it('when the first Save was stored: the changed Save is refused, the form says the earlier one was recorded, and nothing is stored twice', async () => {
      const server = idempotentServer();
      const action = new WriteAction(counter());
      server.dropNextAnswer();
      await expect(action.send(server.api, recordRebalance, { body: { amount: 50 } })).rejects.toThrow();

      const changed = await action.send(server.api, recordRebalance, { body: { amount: 60 } });
      expect(changed).toMatchObject({ ok: false, status: 422 });
      expect(toFormErrors(changed.body, ['amount'])?.general).toBe(KEY_MESSAGES.reused);
      // The key stays: pressing Save again, changed or not, can never record a second rebalance.
      await action.send(server.api, recordRebalance, { body: { amount: 70 } });
      const back = await action.send(server.api, recordRebalance, { body: { amount: 50 } });
      expect(back).toMatchObject({ ok: true, body: { data: { id: 't1' } } });
      expect(server.stored).toEqual([{ amount: 50 }]);
      expect(new Set(server.keys())).toEqual(new Set(['key-1']));
    });

    it('when the first Save never arrived: the changed Save is stored once, with the changed values', async () => {
      const server = idempotentServer();
      const action = new WriteAction(counter());
      server.answerNext(503);
      await action.send(server.api, recordRebalance, { body: { amount: 50 } });
      const changed = await action.send(server.api, recordRebalance, { body: { amount: 60 } });
      expect(changed).toMatchObject({ ok: true, status: 201 });
      expect(server.stored).toEqual([{ amount: 60 }]);
      expect(server.keys()).toEqual(['key-1', 'key-1']);
    });
  });

  it('an answer arriving after a newer send took over does not renew the key twice', async () => {
    const action = new WriteAction(counter());
    type Answer = { ok: boolean; status: number; body: unknown };
    let release: (value: Answer) => void = () => undefined;
    const slow = action.run(() => new Promise<Answer>((resolve) => (release = resolve)));
    await action.run(async () => ({ ok: true, status: 201, body: {} }));
    expect(action.key).toBe('key-2');
    release({ ok: true, status: 201, body: {} });
    await slow;
    expect(action.key).toBe('key-2');
  });
});
