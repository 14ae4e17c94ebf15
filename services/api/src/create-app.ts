import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { FastifyReply } from 'fastify';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import helmet from 'helmet';
import { apiRoutes } from '@budget/contracts';
import { READ_POSITION_CHECKPOINT, ReadSessionCheck } from '@budget/identity';
import { buildOpenApiDocument, errorResponse, HttpErrorFilter, httpRequestDuration, mountApiDocs, type RequestCaller } from '@budget/platform';
import { AppModule } from './app.module.js';
import type { CreateAppOptions } from './app.options.js';
import { installKeptAnswerHook } from './read-cache/kept-answer.hook.js';
import { ReadCache } from './read-cache/read-cache.interceptor.js';
import { mountStaticWeb } from './static-web.js';

export const API_PREFIX = 'api/v1';

/**
 * Security headers on every answer (`helmet`; the deploy nginx configs send the same):
 * a Content-Security-Policy that allows this origin's shell and remotes (the remotes are served
 * under /remotes/ on the same origin, so 'self' covers them) and Plaid Link's script and frame,
 * inline styles (React's style attributes, the charts) but no inline script; no framing;
 * nosniff; no referrer to other sites; HSTS only when the request came over TLS (behind a proxy:
 * TRUST_PROXY), since a plain-HTTP development server must not pin itself to HTTPS.
 */
export const securityHeaders = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", 'https://cdn.plaid.com'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", 'https://*.plaid.com'],
      frameSrc: ['https://cdn.plaid.com', 'https://*.plaid.com'],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  frameguard: { action: 'deny' as const },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
  // Set per request below: only over TLS.
  strictTransportSecurity: false,
  crossOriginEmbedderPolicy: false,
};

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
    // Refusals Node's HTTP parser makes before Fastify has a request (headers too large: 431, a
    // malformed request line: 400) answer the same error body as every other 4xx.
    clientErrorHandler: (error: Error & { code?: string }, socket: Socket) => {
      if (!socket.writable) return socket.destroy();
      const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
      const body = JSON.stringify(errorResponse({ statusCode: status })[1]);
      socket.end(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
      );
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
  // One log line per answer: route template, status, duration and user id, never a body, a query or a header.
  const requestLog = options.requestLog;
  adapter.getInstance().addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    httpRequestDuration.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    requestLog?.({
      method: request.method, route, status: reply.statusCode, durationMs: Math.round(reply.elapsedTime * 10) / 10,
      userId: (request as { caller?: RequestCaller }).caller?.userId ?? null, requestId: request.id,
    });
    done();
  });
  // Helmet's middleware is built once, here: `@fastify/helmet` built it again for every request
  // (parsing the policy's directives each time, about 5 % of a cached read's CPU: README, "CPU profiles").
  const setSecurityHeaders = helmet(securityHeaders);
  adapter.getInstance().addHook('onRequest', (request, reply, done) => {
    setSecurityHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
  // API answers are never stored by a browser or a proxy (a balance, a token); an answer that set
  // its own Cache-Control (a stream) keeps it.
  adapter.getInstance().addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
    done(null, payload);
  });
  adapter.getInstance().addHook('onRequest', (request, reply, done) => {
    if (request.protocol === 'https') void reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    done();
  });
  // A kept read is answered before Nest's pipeline (docs/architecture.md §6.4); none without the answer cache.
  const keptAnswers = options.readCache === false
    ? null
    : installKeptAnswerHook(adapter.getInstance(), {
        cache: app.get(ReadCache),
        check: app.get(ReadSessionCheck, { strict: false }),
        checkpoint: app.get<string>(READ_POSITION_CHECKPOINT, { strict: false }),
        routes: apiRoutes,
        prefix: API_PREFIX,
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
  keptAnswers?.assertRoutes();
  return app;
}
