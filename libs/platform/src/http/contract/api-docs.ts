import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';

const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'application/javascript; charset=utf-8',
};

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Budget API</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/api/docs/swagger-ui.css"></head>
<body><div id="docs"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/swagger-ui-standalone-preset.js"></script>
<script src="/api/docs/init.js"></script>
</body></html>`;

/** Starts the viewer; a file of its own, so the Content-Security-Policy needs no inline script. */
const INIT = `window.ui = SwaggerUIBundle({ url: '/api/docs/openapi.json', dom_id: '#docs', deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset], layout: 'StandaloneLayout' });
`;

/**
 * `/api/docs`: the interactive viewer (swagger-ui-dist, served from node_modules), and
 * `/api/docs/openapi.json`: the generated document. Public, outside the `/api/v1` prefix.
 */
export function mountApiDocs(fastify: FastifyInstance, document: object): void {
  const uiDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const json = JSON.stringify(document);
  fastify.get('/api/docs/openapi.json', async (_request, reply) => reply.header('content-type', 'application/json; charset=utf-8').send(json));
  fastify.get('/api/docs', async (_request, reply) => reply.header('content-type', 'text/html; charset=utf-8').send(PAGE));
  fastify.get('/api/docs/init.js', async (_request, reply) => reply.header('content-type', 'application/javascript; charset=utf-8').send(INIT));
  for (const [file, type] of Object.entries(ASSETS)) {
    fastify.get(`/api/docs/${file}`, async (_request, reply) =>
      reply.header('content-type', type).header('cache-control', 'public, max-age=86400').send(await readFile(join(uiDir, file))),
    );
  }
}
