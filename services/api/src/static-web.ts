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

/**
 * Serves the shell at `/` and remotes at `/remotes/<name>/` from the API's own port: every GET or
 * HEAD outside `/api` that no API route took goes to the shell's static handler
 * (`frontends/shell/serve-static.mjs`). API paths keep the API's 404.
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
      if (request.url === '/api' || request.url.startsWith('/api/')) return reply.callNotFound();
      reply.hijack();
      await handler(request.raw, reply.raw);
    },
  });
  return true;
}
