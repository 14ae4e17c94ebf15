import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

type StaticHandler = (req: IncomingMessage, res: ServerResponse, next?: () => void) => Promise<void>;
type CreateStaticHandler = (options: { shellDir: string; remotesDir: string | Record<string, string> }) => StaticHandler;

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

/** First path segments of the web app's pages (product-spec §2); anything else is not a page. */
export const PAGE_ROOTS = new Set([
  '', 'signup', 'signin', 'recover-password', 'home', 'accounts', 'bills', 'search', 'reports',
  'auto-assignments', 'logs', 'admin', 'user',
]);

/**
 * Whether the static handler should answer a path: a page of the app (its index.html), a file
 * (a name with an extension: the shell's scripts, styles, `remotes.json`) or a remote's file.
 * Other paths (`/vapidPublicKey`, `/wp-login`) are unknown: the API's 404, not the app's page.
 */
export function isWebPath(url: string): boolean {
  const path = url.split('?')[0] ?? '/';
  const segments = path.split('/').filter((s, i) => i > 0 || s !== '');
  const first = segments[0] ?? '';
  if (first === 'remotes') return true;
  if (PAGE_ROOTS.has(first)) return true;
  return segments.length === 1 && /\.[a-z0-9]+$/i.test(first);
}

/**
 * Serves the shell at `/` and remotes at `/remotes/<name>/` from the API's own port: every GET or
 * HEAD outside `/api` that no API route took and that names a page or a file goes to the shell's
 * static handler (`frontends/shell/serve-static.mjs`). API and unknown paths keep the API's 404.
 */
export async function mountStaticWeb(fastify: FastifyInstance, webRoot: string, repoRoot: string): Promise<boolean> {
  const handlerFile = join(repoRoot, 'frontends', 'shell', 'serve-static.mjs');
  if (!existsSync(handlerFile)) return false;
  const { createStaticHandler } = (await import(pathToFileURL(handlerFile).href)) as { createStaticHandler: CreateStaticHandler };
  const handler = createStaticHandler(webLayout(webRoot));
  fastify.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    handler: async (request, reply) => {
      if (request.url === '/api' || request.url.startsWith('/api/') || !isWebPath(request.url)) return reply.callNotFound();
      reply.hijack();
      await handler(request.raw, reply.raw);
    },
  });
  return true;
}
