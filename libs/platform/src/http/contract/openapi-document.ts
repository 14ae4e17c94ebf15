import { OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import { DEFAULT_PAGE_SIZE, errorBody, MAX_PAGE_SIZE, pendingAnswer, type RouteContract } from '@budget/contracts';
import { z, type ZodObject, type ZodPipe } from 'zod';

const idempotencyHeader = z.object({
  'Idempotency-Key': z.string().min(1).max(200).optional().meta({
    description:
      'Makes a retried write safe (signed in or not): the same key and request answer the first outcome again without writing — its answer, or while the read models catch up 202 with the same position; signed in, the same key with another request answers 422 (not signed in, it is simply another request). Keys are kept 24 hours.',
  }),
});

const ERROR_TEXT: Record<number, string> = {
  400: 'Malformed request (not JSON, bad URL)',
  401: 'No valid access token',
  404: 'Not found, or not the caller’s',
  409: 'Version conflict (INCORRECT_VERSION) or the row still has children (HAS_CHILDREN)',
  413: 'Body too large',
  414: 'URI too long',
  415: 'Unsupported content type',
  422: 'Invalid input: one entry per field',
  429: 'Too many attempts: try again after Retry-After seconds (code E_TOO_MANY_REQUESTS, field "general")',
};

function errorStatuses(contract: RouteContract): number[] {
  const statuses = new Set(contract.errors ?? []);
  if (!contract.public) statuses.add(401);
  if (contract.params || contract.query || contract.body) statuses.add(422);
  if (contract.params) statuses.add(404);
  return [...statuses].sort();
}

/**
 * The OpenAPI 3.1 document of `/api/v1`, generated from the same zod schemas the API validates
 * with and the web client parses with (`libs/contracts`), by `@asteasolutions/zod-to-openapi`.
 */
export function buildOpenApiDocument(routes: readonly RouteContract[], info: { version: string; serverUrl: string }) {
  const registry = new OpenAPIRegistry();
  const bearer = registry.registerComponent('securitySchemes', 'bearer', { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
  const errors = errorBody;
  for (const contract of routes) {
    const status = contract.status ?? 200;
    const responses: RouteConfig['responses'] = {
      [status]: contract.response === null
        ? { description: 'Done (empty body)' }
        : { description: 'Success', content: { 'application/json': { schema: contract.response } } },
    };
    const writes = contract.method !== 'GET' && !contract.public;
    if (writes) {
      responses[202] = { description: 'Stored; the read models are still catching up (refresh once they pass `position`)', content: { 'application/json': { schema: pendingAnswer } } };
    }
    for (const code of errorStatuses(contract)) {
      responses[code] = { description: ERROR_TEXT[code] ?? `Error ${code}`, content: { 'application/json': { schema: errors } } };
    }
    const body = contract.body
      ? { content: contract.bodyType === 'text'
          ? { 'text/plain': { schema: contract.body }, 'application/x-ofx': { schema: contract.body } }
          : { 'application/json': { schema: contract.body } }, required: true }
      : undefined;
    registry.registerPath({
      method: contract.method.toLowerCase() as RouteConfig['method'],
      path: contract.path,
      operationId: contract.id,
      summary: contract.summary,
      tags: [contract.tag],
      ...(contract.public ? { security: [] } : { security: [{ [bearer.name]: [] }] }),
      request: {
        ...(contract.params ? { params: contract.params as unknown as ZodObject | ZodPipe } : {}),
        ...(contract.query ? { query: contract.query as unknown as ZodObject | ZodPipe } : {}),
        ...(body ? { body } : {}),
        ...(writes ? { headers: idempotencyHeader } : {}),
      },
      responses,
    });
  }
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Budget API',
      version: info.version,
      description:
        `Envelope budgeting on an event-sourced core. Money is dollars with at most two decimals on the wire, ` +
        `dates are YYYY-MM-DD. Every error answers {errors:[{field, message, code, detail}]}. ` +
        `Paged lists take offset and limit: a missing limit is a page of ${DEFAULT_PAGE_SIZE}, the largest is ${MAX_PAGE_SIZE}.`,
    },
    servers: [{ url: info.serverUrl }],
  });
}
