import type { FastifyInstance } from 'fastify';
import { colonPath, type RouteContract } from '@budget/contracts';
import type { CheckedRead, ReadSessionCheck } from '@budget/identity';
import type { RequestCaller } from '@budget/platform';
import { READ_CACHED_ROUTES, type ReadCache } from './read-cache.interceptor.js';

export interface KeptAnswerHookOptions {
  cache: ReadCache;
  check: ReadSessionCheck;
  /** The checkpoint whose per-user position keys the answers (the guard's `READ_POSITION_CHECKPOINT`). */
  checkpoint: string;
  /** Every route of the API; the cached reads among them are answered here when kept. */
  routes: readonly RouteContract[];
  /** The global prefix the routes are mounted under, e.g. `api/v1`. */
  prefix: string;
}

/**
 * A read whose answer is kept (or whose tag the client already has) is answered in a Fastify
 * `preHandler` hook, before Nest's guards, interceptors and rxjs run for it: the same session check
 * (`ReadSessionCheck`: token, live session, the user's position, one statement), the same key, tag
 * and headers as `ReadCacheInterceptor` (docs/architecture.md §6.4, "A kept answer before Nest").
 * Anything else goes on to Nest: a miss carries the check it made, so the guard does not repeat it;
 * a request the check refused, or whose check failed, is refused by the guard, in the API's error
 * format. Returns the route
 * templates it answers, for `assertRoutes` once the routes are registered.
 */
export function installKeptAnswerHook(fastify: FastifyInstance, options: KeptAnswerHookOptions): { assertRoutes: () => void } {
  const routes = new Map<string, string>();
  for (const route of options.routes) {
    if (route.method !== 'GET' || !READ_CACHED_ROUTES.has(route.id) || route.public || route.perUserLimit) continue;
    routes.set(`/${options.prefix}${colonPath(route.path)}`, route.id);
  }
  fastify.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'GET') return;
    const routeId = routes.get(request.routeOptions.url ?? '');
    if (routeId === undefined) return;
    let read: CheckedRead | null;
    try {
      read = await options.check.check(request.headers.authorization, options.checkpoint);
    } catch {
      // PostgreSQL unreachable, say: Nest's guard meets the same failure and answers it in the API's error format.
      return;
    }
    if (!read) return;
    const found = options.cache.lookup(read.caller.userId, routeId, request.url, read.position, request.headers['if-none-match']);
    if (found.kind === 'miss') {
      options.check.remember(request, read);
      return;
    }
    // The request's log line names its user, as the guard's requests do.
    (request as { caller?: RequestCaller }).caller = read.caller;
    if (found.kind === 'not-modified') {
      options.cache.tag(reply, found.etag);
      return reply.code(304).send();
    }
    return reply.code(200).send(options.cache.json(reply, found.etag, found.body));
  });
  return {
    assertRoutes: () => {
      const missing = [...routes.keys()].filter((url) => !fastify.hasRoute({ method: 'GET', url }));
      if (missing.length > 0) throw new Error(`the kept-answer hook names routes the API does not have: ${missing.join(', ')}`);
    },
  };
}
