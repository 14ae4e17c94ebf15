import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { apiRoutes, DEFAULT_PAGE_SIZE, listBalances, listConnectedAccounts, listStatements, MAX_PAGE_SIZE, type RouteContract } from '@budget/contracts';
import { inputJsonSchema, objectVariants } from '../../testing/contract-inputs.js';
import { pathParams } from '../../testing/contract-world.js';
import { startApiTestApp, type ApiTestApp } from '../../testing/api-test-app.js';

/**
 * The contract at the edge (docs/architecture.md §6.1): the OpenAPI document at /api/docs is valid
 * OpenAPI 3.1 and documents every route of `apiRoutes`: its operationId, its path parameters, its
 * query fields and body, its answers, and the page defaults of every paged list.
 */
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: Record<string, unknown>;
}
interface Operation {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, unknown>; required?: boolean };
  responses?: Record<string, unknown>;
}
type Document = { openapi: string; paths: Record<string, Record<string, Operation>>; servers?: { url: string }[] };

let t: ApiTestApp;
let document: Document;

beforeAll(async () => {
  t = await startApiTestApp();
  const response = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  document = response.json() as Document;
});
afterAll(async () => t?.close());

const operationOf = (c: RouteContract) => document.paths[c.path]?.[c.method.toLowerCase()];
const label = (c: RouteContract) => `${c.method} ${c.path} (${c.id})`;
/** Field names of a query schema (every union member's). */
const queryFields = (c: RouteContract) => (c.query ? [...new Set(objectVariants(inputJsonSchema(c.query)).flatMap((v) => Object.keys(v.properties)))] : []);

/** Whether `key: value` appears anywhere in a (small) JSON Schema, e.g. inside an `anyOf` branch. */
function hasKeyword(schema: unknown, key: string, value: unknown): boolean {
  if (!schema || typeof schema !== 'object') return false;
  if ((schema as Record<string, unknown>)[key] === value) return true;
  return Object.values(schema as Record<string, unknown>).some((inner) => hasKeyword(inner, key, value));
}

describe('given the OpenAPI document served at /api/docs/openapi.json', () => {
  test('when it is validated, then it is a valid OpenAPI 3.1 document served for /api/v1', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document) as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(document.servers?.map((s) => s.url)).toContain('/api/v1');
  });

  test('when apiRoutes is walked, then every route is in paths under its method with its operationId', () => {
    const missing = apiRoutes.filter((c) => operationOf(c)?.operationId !== c.id).map(label);
    expect(missing).toEqual([]);
    const documented = Object.entries(document.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    expect(documented.sort()).toEqual(apiRoutes.map((c) => `${c.method} ${c.path}`).sort());
  });

  test('when a path has parameters, then each one is documented as a required path parameter', () => {
    const problems = apiRoutes.flatMap((c) =>
      pathParams(c.path)
        .filter((p) => !operationOf(c)?.parameters?.some((x) => x.in === 'path' && x.name === p && x.required === true))
        .map((p) => `${label(c)}: {${p}}`),
    );
    expect(problems).toEqual([]);
  });

  test('when a route takes a query or a body, then every query field and the body are documented', () => {
    const problems = apiRoutes.flatMap((c) => {
      const op = operationOf(c);
      if (!op) return [];
      const missingQuery = queryFields(c)
        .filter((f) => !op.parameters?.some((x) => x.in === 'query' && x.name === f))
        .map((f) => `${label(c)}: query field ${f}`);
      const missingBody = c.body && !op.requestBody?.content ? [`${label(c)}: request body`] : [];
      return [...missingQuery, ...missingBody];
    });
    expect(problems).toEqual([]);
  });

  test('when a route answers, then its success status and its error statuses (401 signed-in, 422 with input, 404 with ids) are documented', () => {
    const problems = apiRoutes.flatMap((c) => {
      const responses = operationOf(c)?.responses ?? {};
      const expected = [
        String(c.status ?? 200),
        ...(c.public ? [] : ['401']),
        ...(c.params || c.query || c.body ? ['422'] : []),
        ...(c.params ? ['404'] : []),
      ];
      return expected.filter((s) => !(s in responses)).map((s) => `${label(c)}: no ${s} answer`);
    });
    expect(problems).toEqual([]);
  });

  test(`when a list takes offset and limit, then limit documents the default ${DEFAULT_PAGE_SIZE} (${MAX_PAGE_SIZE} for the lists the spec's client reads whole) and the maximum ${MAX_PAGE_SIZE}`, () => {
    const readWhole = new Set([listStatements.id, listBalances.id, listConnectedAccounts.id]);
    const paged = apiRoutes.filter((c) => queryFields(c).includes('offset') && queryFields(c).includes('limit'));
    console.log(`paged lists: ${paged.map((c) => c.id).join(', ') || '(none yet)'}`);
    const problems = paged.flatMap((c) => {
      const limit = operationOf(c)?.parameters?.find((x) => x.in === 'query' && x.name === 'limit');
      if (!limit) return [`${label(c)}: limit not documented`];
      const byDefault = readWhole.has(c.id) ? MAX_PAGE_SIZE : DEFAULT_PAGE_SIZE;
      return [
        ...(hasKeyword(limit.schema, 'default', byDefault) ? [] : [`${label(c)}: limit has no "default": ${byDefault}`]),
        ...(hasKeyword(limit.schema, 'maximum', MAX_PAGE_SIZE) ? [] : [`${label(c)}: limit has no "maximum": ${MAX_PAGE_SIZE}`]),
      ];
    });
    expect(problems).toEqual([]);
  });
});

describe('given the viewer at /api/docs', () => {
  test('when it is opened, then it serves the Swagger UI page pointing at the document, and its assets', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    // The viewer is started by a script file of its own (the Content-Security-Policy allows no inline script).
    expect(page.body).toContain('<script src="/api/docs/init.js"></script>');
    const init = await t.app.inject({ method: 'GET', url: '/api/docs/init.js' });
    expect(init.statusCode).toBe(200);
    expect(init.body).toContain('SwaggerUIBundle');
    expect(init.body).toContain('/api/docs/openapi.json');
    for (const asset of ['swagger-ui.css', 'swagger-ui-bundle.js', 'swagger-ui-standalone-preset.js']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/docs/${asset}` });
      expect(response.statusCode, asset).toBe(200);
      expect(response.body.length, asset).toBeGreaterThan(1000);
    }
  });
});
