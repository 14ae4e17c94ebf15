import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { FastifyReply } from 'fastify';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { apiRoutes } from '@budget/contracts';
import { buildOpenApiDocument, errorResponse, HttpErrorFilter, httpRequestDuration, mountApiDocs } from '@budget/platform';
import { AppModule } from './app.module.js';
import type { CreateAppOptions } from './app.options.js';
import { mountStaticWeb } from './static-web.js';

export const API_PREFIX = 'api/v1';

/**
 * Builds the whole API the same way for `main.ts`, the launcher and tests: Fastify, the
 * `/api/v1` prefix, the spec's error format, the CORS allow-list, and (when `config.webRoot` is
 * set) the built front end on the same port. Returns an initialised app; call `listen` or `inject`.
 */
export async function createApp(options: CreateAppOptions): Promise<NestFastifyApplication> {
  const { config } = options;
  const adapter = new FastifyAdapter({
    trustProxy: options.trustProxy ?? false,
    bodyLimit: 10 * 1024 * 1024,
    // Ids are 36 characters: a longer path segment matches no route (404) before any handler runs.
    routerOptions: { maxParamLength: 200 },
    // Errors Fastify raises before routing (a malformed URL…) answer in the spec's format too.
    frameworkErrors: (error: Error, _request: unknown, reply: FastifyReply) => {
      const [status, body] = errorResponse(error);
      void reply.code(status).send(body);
    },
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(options), adapter, {
    logger: options.logger ?? ['log', 'warn', 'error'],
    abortOnError: false,
    // Plaid's webhook signature covers the body's exact bytes (request.rawBody).
    rawBody: true,
  });
  // Bank files (POST /account/{id}/ofx) arrive as raw text under several content types.
  adapter.getInstance().addContentTypeParser(
    ['application/x-ofx', 'application/vnd.intu.qfx', 'application/x-qfx', 'application/octet-stream', 'text/csv'],
    { parseAs: 'string' },
    (_request: unknown, body: string | Buffer, done: (error: Error | null, value?: string) => void) => done(null, body.toString()),
  );
  // Every answer's latency by route template (never the raw path: ids would make every URL a series).
  adapter.getInstance().addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    httpRequestDuration.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    done();
  });
  app.setGlobalPrefix(API_PREFIX);
  mountApiDocs(adapter.getInstance(), buildOpenApiDocument(apiRoutes, { version: '1', serverUrl: `/${API_PREFIX}` }));
  app.useGlobalFilters(new HttpErrorFilter());
  app.enableCors({
    origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Accept', 'Idempotency-Key'],
    maxAge: 600,
  });
  app.enableShutdownHooks();
  if (config.webRoot) {
    const mounted = await mountStaticWeb(app.getHttpAdapter().getInstance(), config.webRoot, config.repoRoot);
    if (!mounted) new Logger('createApp').warn(`WEB_ROOT is set but frontends/shell/serve-static.mjs is missing under ${config.repoRoot}`);
  }
  await app.init();
  return app;
}
