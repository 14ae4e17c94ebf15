import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiRoutes, type RouteContract } from '@budget/contracts';
import { baseRequest, routeShapes } from '../../testing/contract-cases.js';
import { errorFormatProblem, queryPairs, sampleValue, type JsonSchema, type ObjectVariant } from '../../testing/contract-inputs.js';
import {
  buildWorld, eventStoreMark, pathParams, sendContractRequest, signUpUser, type ContractRequest, type QueryValue, type World,
} from '../../testing/contract-world.js';
import { startPlaidSimulator, type RunningPlaidSimulator } from '@budget/plaid-simulator';
import { startApiTestApp, type ApiTestApp } from '../../testing/api-test-app.js';
import { readModelProjections } from '../../read-model-projections.js';

/**
 * The contract at the edge (docs/architecture.md §6.1): whatever arrives, the API answers in
 * the spec's format and bad input changes nothing. For every route of `apiRoutes`, RUNS
 * malformed requests (fast-check, fixed seed) from a signed-in user: fields replaced by random
 * JSON, wrong types, NUL, lone surrogates, 10,000-character strings, huge and negative numbers,
 * arrays for scalars, extra fields, absent, empty and unreadable bodies, repeated and
 * percent-garbled query keys, upper-case and malformed path ids. No answer may be 5xx; every
 * 4xx is in the error format and leaves the event store as it was (a fuzzed input that happens
 * to be valid may append).
 */
const SEED = Number(process.env.CONTRACT_FUZZ_SEED ?? 20250814);
const RUNS = Number(process.env.CONTRACT_FUZZ_RUNS ?? 200);

const LONG = 'x'.repeat(10_000);
const UPPER_ID = 'ABCDEF01-2345-4678-9ABC-DEF012345678';

/** Scalars that break naive code: NUL, lone surrogates, huge, negative, NaN-like, long, dates that do not exist. */
const nastyScalar = fc.constantFrom<unknown>(
  '\u0000', 'a\u0000b', '\ud800', 'x\udc00y', LONG, '', ' ', 1e21, -1e21, 4294967296, -4294967296, -1, 0, 1.005, 0.001, 1e308,
  Number.MAX_SAFE_INTEGER + 2, 'NaN', 'Infinity', '-Infinity', '1e21', '4294967296', '-1', '0x1A', '12.345', 'null', 'true',
  '2025-02-30', '0000-00-00', '9999-12-31', '2025-13-01', '1899-12-31', UPPER_ID, 'not-an-id', '00000000-0000-0000-0000-000000000000',
  "' OR 1=1 --", '%00', '\\', '{"a":1}', true, false, null,
);

/** Any JSON value a field might receive. */
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: nastyScalar },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map((n) => Number(n)) },
  { weight: 1, arbitrary: fc.array(nastyScalar, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), nastyScalar, { maxKeys: 3 }) },
);

/** Query values: text (encoded when sent) and raw, already-encoded garbage. */
const nastyQueryValue: fc.Arbitrary<QueryValue> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom<QueryValue>('', ' ', '-1', '0', '1e21', '4294967296', 'NaN', 'abc', LONG, '1.5', '01', '+1', '2025-02-30', UPPER_ID, 'not-an-id', 'true', '[]', '{}', '\u0000', '\ud800') },
  { weight: 2, arbitrary: fc.constantFrom<QueryValue>({ raw: '%00' }, { raw: '%ED%A0%80' }, { raw: '%FF' }, { raw: '%' }, { raw: '%2' }, { raw: 'a%00b' }, { raw: '%F0%9F%98' }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
);

const RAW_BODIES = ['', '{', '{"a":', 'null', '[]', '"text"', '\u0000', '{"name":"\\u0000"}', '{"__proto__":{"polluted":1}}', '{"constructor":{"prototype":{"polluted":1}}}', '[1,2,3]', '1e400'];

type Body = { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'raw'; text: string; contentType: string };
interface FuzzInput {
  params: Record<string, QueryValue>;
  query: [string, QueryValue][];
  body: Body;
}

/** The base object with one to three fields replaced by nasty values, dropped, or extra fields added. */
function mutatedObject(base: Record<string, unknown>, fields: string[], nested: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<Record<string, unknown>> {
  const known = fields.length > 0 ? fields : ['field'];
  const valueFor = (field: string) => (nested[field] ? fc.oneof({ weight: 3, arbitrary: nastyValue }, { weight: 2, arbitrary: nested[field]! }) : nastyValue);
  return fc.oneof(
    { weight: 6, arbitrary: fc.uniqueArray(fc.constantFrom(...known), { minLength: 1, maxLength: 3 }).chain((chosen) =>
      fc.tuple(...chosen.map((f) => valueFor(f))).map((values) => ({ ...base, ...Object.fromEntries(chosen.map((f, i) => [f, values[i]])) }))) },
    { weight: 1, arbitrary: fc.subarray(known, { minLength: 1 }).map((drop) => Object.fromEntries(Object.entries(base).filter(([k]) => !drop.includes(k)))) },
    { weight: 1, arbitrary: fc.dictionary(fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom('__proto__', 'constructor', 'id', 'userId', 'user_id', 'version')), nastyValue, { minKeys: 1, maxKeys: 3 })
      .map((extra) => ({ ...base, ...extra })) },
  );
}

/** For array-of-object fields: lists of items (sampled from the item schema) with fields gone bad. */
function nestedArbitraries(variant: ObjectVariant | undefined, root: JsonSchema, world: World, depth = 0): Record<string, fc.Arbitrary<unknown>> {
  if (!variant || depth > 1) return {};
  const out: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [field, schema] of Object.entries(variant.properties)) {
    const items = schema.items ?? schema.anyOf?.find((o) => o.items)?.items;
    const itemVariant = items?.properties ? { properties: items.properties, required: items.required ?? [] } : undefined;
    const objectVariant = schema.properties ? { properties: schema.properties, required: schema.required ?? [] } : undefined;
    const inner = itemVariant ?? objectVariant;
    if (!inner) continue;
    const sample = Object.fromEntries(Object.entries(inner.properties).map(([f, s]) => [f, sampleValue(s, root, f, world.ids)]));
    const item = mutatedObject(sample, Object.keys(inner.properties), nestedArbitraries(inner, root, world, depth + 1));
    out[field] = itemVariant ? fc.array(fc.oneof(item, fc.constant(sample)), { minLength: 1, maxLength: 3 }) : item;
  }
  return out;
}

function bodyArbitrary(contract: RouteContract, base: unknown, variants: ObjectVariant[], root: JsonSchema | null, world: World): fc.Arbitrary<Body> {
  const json = (value: fc.Arbitrary<unknown>) => value.map((v): Body => ({ kind: 'json', value: v }));
  const raw = (text: fc.Arbitrary<string>, type: fc.Arbitrary<string>) => fc.tuple(text, type).map(([t, contentType]): Body => ({ kind: 'raw', text: t, contentType }));
  if (contract.bodyType === 'text') {
    return fc.oneof(
      raw(fc.oneof(fc.string({ unit: 'binary', maxLength: 200 }), fc.constantFrom('', '\u0000', 'a\ud800b', LONG, '<OFX></OFX>', 'OFXHEADER:100\n<OFX>\u0000', 'date,amount\n2025-02-30,1e21')),
        fc.constantFrom('application/x-ofx', 'text/plain', 'text/csv', 'application/octet-stream', 'application/json')),
      fc.constant<Body>({ kind: 'none' }),
      json(nastyValue),
    );
  }
  const fields = [...new Set(variants.flatMap((v) => Object.keys(v.properties)))];
  const nested = root ? Object.assign({}, ...variants.map((v) => nestedArbitraries(v, root, world))) as Record<string, fc.Arbitrary<unknown>> : {};
  const object = base && typeof base === 'object' && !Array.isArray(base) ? (base as Record<string, unknown>) : {};
  return fc.oneof(
    { weight: 8, arbitrary: json(mutatedObject(object, fields, nested)) },
    { weight: 1, arbitrary: fc.constant<Body>({ kind: 'none' }) },
    { weight: 1, arbitrary: json(fc.oneof(nastyValue, fc.jsonValue())) },
    { weight: 1, arbitrary: raw(fc.constantFrom(...RAW_BODIES), fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded')) },
  );
}

function queryArbitrary(base: [string, QueryValue][], fields: string[]): fc.Arbitrary<[string, QueryValue][]> {
  const extraKey = fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom('offset', 'limit', 'search', '__proto__', 'offset[]', 'a[b]', ''));
  const value = fc.oneof({ weight: 3, arbitrary: nastyQueryValue.map((v) => [v]) }, { weight: 1, arbitrary: fc.array(nastyQueryValue, { minLength: 2, maxLength: 3 }) });
  const mutate: fc.Arbitrary<[string, QueryValue][]> | null = fields.length === 0 ? null : fc.uniqueArray(fc.constantFrom(...fields), { minLength: 1, maxLength: 3 }).chain((chosen) =>
    fc.tuple(...chosen.map(() => value)).map((values): [string, QueryValue][] => [
      ...base.filter(([k]) => !chosen.includes(k)),
      ...chosen.flatMap((k, i) => values[i]!.map((v): [string, QueryValue] => [k, v])),
    ]));
  return fc.oneof(
    ...(mutate ? [{ weight: 6, arbitrary: mutate }] : []),
    { weight: 1, arbitrary: fc.array(fc.tuple(extraKey, nastyQueryValue), { minLength: 1, maxLength: 3 }).map((extra): [string, QueryValue][] => [...base, ...extra]) },
    { weight: 1, arbitrary: fc.constant<[string, QueryValue][]>([]) },
    { weight: 1, arbitrary: fc.constant<[string, QueryValue][]>([...base, ...base]) },
  );
}

function paramArbitrary(real: string): fc.Arbitrary<QueryValue> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.constant<QueryValue>(real) },
    { weight: 1, arbitrary: fc.constant<QueryValue>(real.toUpperCase()) },
    { weight: 2, arbitrary: fc.constantFrom<QueryValue>(
      'not-an-id', '0', '-1', '42', '4294967296', '1e21', `${real}0`, real.slice(1), real.replace(/-/g, ''), `{${real}}`, ` ${real}`,
      '00000000-0000-0000-0000-00000000000g', UPPER_ID, 'x'.repeat(300), '..', 'null', 'undefined', '\u0000', '\ud800',
      { raw: '%00' }, { raw: '%ED%A0%80' }, { raw: `${real}%00` }, { raw: '%FF' },
    ) },
    { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 40 }) },
  );
}

function inputArbitrary(contract: RouteContract, world: World): fc.Arbitrary<FuzzInput> {
  const shapes = routeShapes(contract);
  const base = baseRequest({ contract, ...shapes }, world);
  const params = Object.fromEntries(pathParams(contract.path).map((p) => [p, paramArbitrary(base.params[p]!)]));
  const queryFields = [...new Set(shapes.query?.variants.flatMap((v) => Object.keys(v.properties)) ?? [])];
  const sendsBody = contract.body !== undefined || contract.method !== 'GET';
  return fc.record({
    params: fc.record(params),
    query: queryArbitrary(queryPairs(base.query), queryFields),
    body: sendsBody ? bodyArbitrary(contract, base.body, shapes.body?.variants ?? [], shapes.body?.root ?? null, world) : fc.constant<Body>({ kind: 'none' }),
  });
}

const shorten = (value: unknown): string =>
  JSON.stringify(value, (_k, v: unknown) => (typeof v === 'string' && v.length > 60 ? `<${v.length} chars: ${v.slice(0, 12)}…>` : v))?.slice(0, 400) ?? String(value);

let t: ApiTestApp;
let sim: RunningPlaidSimulator;
let world: World;
const sentPerRoute = new Map<string, { base: string; sent: number; ok: number; client: number; server: number }>();

beforeAll(async () => {
  // Bank-link routes call Plaid: the simulator answers them (a fuzzed public token is Plaid's 400, our 422).
  sim = await startPlaidSimulator({ port: 0 });
  t = await startApiTestApp({ PLAID_SIMULATOR_URL: sim.url });
  t.clock.set(new Date('2025-08-14T12:00:00Z'));
  world = await buildWorld(t, await signUpUser(t, 'fuzz'));
  if (world.warnings.length > 0) console.log(`set-up steps that failed (their ids are stand-ins):\n  ${world.warnings.join('\n  ')}`);
  console.log(`fuzz: seed ${SEED} (CONTRACT_FUZZ_SEED), ${RUNS} inputs per route (CONTRACT_FUZZ_RUNS), ${apiRoutes.length} routes`);
}, 120_000);
afterAll(async () => {
  const rows = [...sentPerRoute].map(([route, n]) =>
    `  ${route.padEnd(64)} ${String(n.sent).padStart(5)} sent: ${String(n.ok).padStart(3)} 2xx/3xx, ${String(n.client).padStart(3)} 4xx, ${n.server} 5xx (unmutated sample: ${n.base})`);
  const total = [...sentPerRoute.values()].reduce((sum, n) => sum + n.sent, 0);
  console.log(`fuzz: seed ${SEED}; inputs sent per route:\n${rows.join('\n')}\n  total: ${total} inputs over ${sentPerRoute.size} routes`);
  await t?.close();
  await sim?.close();
});

/** Every read-model row of the fuzzing user, in a stable order: what a refused input must leave as it was. */
async function readModelSnapshot(): Promise<string> {
  const { rows: me } = await t.db.pool.query<{ id: string }>('SELECT id::text FROM identity_users WHERE username = $1', [world.user.username]);
  const userId = me[0]?.id ?? '';
  const out: Record<string, unknown[]> = {};
  for (const table of new Set(readModelProjections.flatMap((p) => p.tables))) {
    out[table] = (await t.db.pool.query(`SELECT * FROM ${table} AS row WHERE row.user_id::text = $1 ORDER BY row::text`, [userId])).rows;
  }
  return JSON.stringify(out);
}

/** Signs up again when the user is gone (DELETE /user, a revoked token), and rebuilds the rows when a valid input changed them. */
async function restoreWorld(changedRows: boolean): Promise<void> {
  const probe = await t.http.get('groups', world.user.access);
  if (probe.status === 401) world = await buildWorld(t, await signUpUser(t, 'fuzz'));
  else if (changedRows) world = await buildWorld(t, world.user);
}

describe('given a signed-in user and every route of apiRoutes', () => {
  for (const contract of apiRoutes) {
    const label = `${contract.method} ${contract.path} (${contract.id})`;
    test(`when ${RUNS} malformed inputs hit ${label}, then none answers 5xx and every 4xx is in the error format and appends nothing`, async () => {
      const counts = { base: '', sent: 0, ok: 0, client: 0, server: 0 };
      sentPerRoute.set(label, counts);
      // The sample every input mutates: how valid it is says how deep the mutations reach.
      const shapes = routeShapes(contract);
      const base = baseRequest({ contract, ...shapes }, world);
      const sample = await sendContractRequest(t, contract, {
        params: base.params, query: queryPairs(base.query), token: world.user.access,
        ...(base.body !== undefined ? { body: typeof base.body === 'string' ? base.body : JSON.stringify(base.body), contentType: contract.bodyType === 'text' ? 'text/plain' : 'application/json' } : {}),
      });
      counts.base = `${sample.status}${sample.status >= 400 ? ` ${sample.body.slice(0, 160)}` : ''}`;
      if (sample.status >= 200 && sample.status < 300 && contract.method !== 'GET') await restoreWorld(true);
      const problems = new Map<string, string>();
      let wrote = false;
      const readModelsBefore = await readModelSnapshot();
      await fc.assert(
        fc.asyncProperty(inputArbitrary(contract, world), async (input) => {
          const request: ContractRequest = {
            params: input.params,
            query: input.query,
            token: world.user.access,
            ...(input.body.kind === 'json' ? { body: JSON.stringify(input.body.value) ?? 'null', contentType: 'application/json' } : {}),
            ...(input.body.kind === 'raw' ? { body: input.body.text, contentType: input.body.contentType } : {}),
          };
          const before = await eventStoreMark(t);
          let answer;
          try {
            answer = await sendContractRequest(t, contract, request);
          } catch (error) {
            problems.set(`inject threw ${(error as Error).message}`, shorten(input));
            return;
          }
          counts.sent += 1;
          const shown = `${answer.status} ${answer.body.slice(0, 200)}`;
          if (answer.status >= 500) {
            counts.server += 1;
            problems.set(`5xx: ${shown}`, shorten(input));
          } else if (answer.status >= 400) {
            counts.client += 1;
            const format = errorFormatProblem(contract, answer.status, answer.body);
            if (format) problems.set(`not the error format: ${format}`, shorten(input));
            const after = await eventStoreMark(t);
            if (after !== before) problems.set(`the event store changed (${before} → ${after}) on ${shown}`, shorten(input));
          } else {
            counts.ok += 1;
            if (contract.method !== 'GET') wrote = true;
          }
        }),
        { numRuns: RUNS, seed: SEED },
      );
      // Nothing was stored by any input (none answered a 2xx write): the user's read models are exactly as before.
      if (!wrote && (await readModelSnapshot()) !== readModelsBefore) problems.set('the read models changed though no input was accepted', '(any)');
      await restoreWorld(wrote);
      const report = [...problems].slice(0, 12).map(([problem, input]) => `${problem}\n      input: ${input}`);
      expect(report, `${problems.size} kinds of failure for ${label} (seed ${SEED})`).toEqual([]);
    }, 180_000);
  }
});
