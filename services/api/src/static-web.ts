import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { errorResponse } from '@budget/platform';
import { REMOTE_PAGES, SHELL_PAGES } from '@budget/contracts';

type StaticHandler = (req: IncomingMessage, res: ServerResponse, next?: () => void) => Promise<void>;
type CreateStaticHandler = (options: { shellDir: string; remotesDir: string | Record<string, string>; isPage?: (pathname: string) => boolean }) => StaticHandler;

/**
 * Where the built front ends are under `webRoot`: the repository's `frontends` folder (shell in
 * `shell/dist`, each remote in `<name>/dist`), or a deployed folder (shell at the root, remotes
 * in `remotes/<name>`).
 */
export function webLayout(webRoot: string): { shellDir: string; remotesDir: string | Record<string, string> } {
  if (existsSync(join(webRoot, 'shell', 'dist'))) return { shellDir: join(webRoot, 'shell', 'dist'), remotesDir: webRoot };
  const remotesRoot = join(webRoot, 'remotes');
  const names = existsSync(remotesRoot) ? readdirSync(remotesRoot, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name) : [];
  return { shellDir: webRoot, remotesDir: Object.fromEntries(names.map((name) => [name, join(remotesRoot, name)])) };
}

/** First path segments of the web app's pages: the shell's own and its remotes' (`@budget/contracts`, pages.ts). */
export const PAGE_ROOTS: ReadonlySet<string> = new Set([...SHELL_PAGES, ...Object.values(REMOTE_PAGES).flat()].map((page) => page.split('/')[1]!));

/** Paths outside `/api` that the spec gives to the API (the push key, `GET /vapidPublicKey`, served by libs/identity/src/push): never the app. */
export const API_ROOTS_OUTSIDE_API = new Set(['vapidPublicKey']);

function firstSegment(url: string): string {
  const path = url.split('?')[0] ?? '/';
  return path.split('/').filter((s, i) => i > 0 || s !== '')[0] ?? '';
}

/** Whether a path (without its query) is one of the app's pages; the shell answers others as not found. */
export function isPagePath(pathname: string): boolean {
  return PAGE_ROOTS.has(firstSegment(pathname));
}

/**
 * Whether the static handler should answer a path: everything outside `/api` and the API's own
 * paths is the web app's — a page (its index.html), a file (the shell's scripts, styles,
 * `remotes.json`; a missing one is the API's 404), a remote's file, or an unknown page such as
 * `/no-such-page`, which gets the shell with status 404 so that it shows its "Page not found".
 */
export function isWebPath(url: string): boolean {
  const first = firstSegment(url);
  return first !== 'api' && !API_ROOTS_OUTSIDE_API.has(first);
}

/**
 * Serves the shell at `/` and remotes at `/remotes/<name>/` from the API's own port: every GET or
 * HEAD outside `/api` that no API route took goes to the shell's static handler
 * (`frontends/shell/serve-static.mjs`); a path that is no page gets the shell with status 404 (it
 * shows "Page not found" with a way home). `/api` paths keep the API's JSON 404.
 */
export async function mountStaticWeb(fastify: FastifyInstance, webRoot: string, repoRoot: string): Promise<boolean> {
  const handlerFile = join(repoRoot, 'frontends', 'shell', 'serve-static.mjs');
  if (!existsSync(handlerFile)) return false;
  const { createStaticHandler } = (await import(pathToFileURL(handlerFile).href)) as { createStaticHandler: CreateStaticHandler };
  const handler = createStaticHandler({ ...webLayout(webRoot), isPage: isPagePath });
  fastify.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    handler: async (request, reply) => {
      if (request.url === '/api' || request.url.startsWith('/api/') || !isWebPath(request.url)) return reply.callNotFound();
      reply.hijack();
      // A file that is not there (a stale script name, `/remotes/x/missing.js`): the API's JSON 404.
      await handler(request.raw, reply.raw, () => {
        const [status, body] = errorResponse({ statusCode: 404 });
        reply.raw.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
      });
    },
  });
  return true;
}
