import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { listGroups, type RouteContract } from '@budget/contracts';
import type { CheckedRead, ReadSessionCheck } from '@budget/identity';
import { installKeptAnswerHook } from './kept-answer.hook.js';
import { ReadCache } from './read-cache.interceptor.js';

/**
 * The kept-answer hook on a bare Fastify instance: the route's own handler stands for Nest, so a
 * test sees what the hook answered itself and what it let through.
 */
const clock = { now: () => new Date('2026-11-30T12:00:00Z') };
const alice: CheckedRead = { caller: { userId: '11111111-1111-4111-8111-111111111111', sessionId: '22222222-2222-4222-8222-222222222222' } as CheckedRead['caller'], position: '7' };

/** A session check answering `result` (or failing), remembering what was handed on. */
function fakeCheck(result: CheckedRead | null | Error) {
  const handed: CheckedRead[] = [];
  const check = {
    check: async () => {
      if (result instanceof Error) throw result;
      return result;
    },
    remember: (_request: object, read: CheckedRead) => void handed.push(read),
  } as unknown as ReadSessionCheck;
  return { check, handed };
}

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function serve(result: CheckedRead | null | Error, cache = new ReadCache(clock, 'epoch')) {
  const { check, handed } = fakeCheck(result);
  let reachedNest = 0;
  app = Fastify();
  const hook = installKeptAnswerHook(app, { cache, check, checkpoint: 'read-models', routes: [listGroups as RouteContract], prefix: 'api/v1' });
  app.get('/api/v1/groups', async () => {
    reachedNest += 1;
    return { data: 'from the handler' };
  });
  await app.ready();
  hook.assertRoutes();
  const get = (headers: Record<string, string> = {}) => app!.inject({ method: 'GET', url: '/api/v1/groups', headers: { authorization: 'Bearer t', ...headers } });
  return { get, cache, handed, reached: () => reachedNest };
}

describe('the kept-answer hook', () => {
  it('given a kept answer, then it answers it with its tag and headers, and the handler never runs', async () => {
    const cache = new ReadCache(clock, 'epoch');
    const miss = cache.lookup(alice.caller.userId, listGroups.id, '/api/v1/groups', alice.position, undefined);
    if (miss.kind !== 'miss') throw new Error('expected a miss');
    cache.keep(miss.key, '{"data":"kept"}');
    const { get, reached } = await serve(alice, cache);

    const answer = await get();
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe('{"data":"kept"}');
    expect(answer.headers).toMatchObject({ etag: miss.etag, 'cache-control': 'private, no-cache', vary: 'Authorization', 'content-type': 'application/json; charset=utf-8' });
    const again = await get({ 'if-none-match': miss.etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(reached()).toBe(0);
  });

  it('given a miss, then the handler answers, with the check handed on for the guard', async () => {
    const { get, reached, handed } = await serve(alice);
    expect((await get()).json()).toEqual({ data: 'from the handler' });
    expect(reached()).toBe(1);
    expect(handed).toEqual([alice]);
  });

  it('given a refused token or session, then the handler is reached (the guard refuses it there)', async () => {
    const { get, reached, handed } = await serve(null);
    expect((await get()).statusCode).toBe(200);
    expect(reached()).toBe(1);
    expect(handed).toEqual([]);
  });

  it('given a check that fails (the database unreachable), then the handler is reached, not a bare 500', async () => {
    const { get, reached } = await serve(new Error('connection refused'));
    expect((await get()).statusCode).toBe(200);
    expect(reached()).toBe(1);
  });

  it('given a route it names that the API does not have, then the start fails', async () => {
    app = Fastify();
    const hook = installKeptAnswerHook(app, { cache: new ReadCache(clock, 'epoch'), check: fakeCheck(alice).check, checkpoint: 'read-models', routes: [listGroups as RouteContract], prefix: 'api/v1' });
    await app.ready();
    expect(() => hook.assertRoutes()).toThrow(/\/api\/v1\/groups/);
  });
});
