import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiRoutes, type RouteContract } from '@budget/contracts';
import { baseRequest, routeShapes } from '../../testing/contract-cases.js';
import { queryPairs } from '../../testing/contract-inputs.js';
import { buildWorld, pathIdFor, pathParams, sendContractRequest, signUpUser, UNKNOWN_ID, type World } from '../../testing/contract-world.js';
import { startPlaidSimulator, type RunningPlaidSimulator } from '@budget/plaid-simulator';
import { startApiTestApp, type ApiTestApp } from '../../testing/api-test-app.js';

/**
 * The ownership matrix: for every route of `apiRoutes`, a signed-in user sends a well-formed request
 * that names ANOTHER user's rows (in the path, and in the body and query where ids go). A route
 * with a path id answers 404, as for an id that does not exist; no route answers 5xx, appends to the
 * other user's streams, or answers anything that names the other user's rows.
 */
let t: ApiTestApp;
let sim: RunningPlaidSimulator;
let owner: World;
let intruder: World;
let ownerId: string;
let ownerIds: string[];

beforeAll(async () => {
  sim = await startPlaidSimulator({ port: 0 });
  t = await startApiTestApp({ PLAID_SIMULATOR_URL: sim.url });
  owner = await buildWorld(t, await signUpUser(t, 'owner'));
  intruder = await buildWorld(t, await signUpUser(t, 'intruder'));
  const { rows } = await t.db.pool.query<{ id: string }>('SELECT id::text FROM identity_users WHERE username = $1', [owner.user.username]);
  ownerId = rows[0]?.id ?? '';
  ownerIds = Object.values(owner.ids).filter((id) => id !== UNKNOWN_ID);
});
afterAll(async () => {
  await t?.close();
  await sim?.close();
});

/** Everything the owner's streams hold: their event count and newest position (nothing else may append there). */
async function ownerMark(): Promise<string> {
  const { rows } = await t.db.pool.query<{ n: string; head: string | null }>(
    `SELECT count(*) AS n, max(position)::text AS head FROM es_events WHERE metadata->>'userId' = $1`,
    [ownerId],
  );
  return `${rows[0]!.n}@${rows[0]!.head ?? 0}`;
}

/** Routes that act on the caller alone and would end the intruder's own session or account. */
const SELF_ONLY = (c: RouteContract) => pathParams(c.path).length === 0 && c.method !== 'GET';

const routes = apiRoutes.filter((c) => !c.public && !SELF_ONLY(c));

describe('one user never sees or touches another user\'s rows', () => {
  test('the world has the owner\'s rows of every kind', () => {
    expect(owner.warnings).toEqual([]);
    expect(intruder.warnings).toEqual([]);
    expect(ownerId).toMatch(/\S/);
  });

  test.each(routes.map((c) => [`${c.method} ${c.path}`, c] as const))('%s with the other user\'s ids', async (_name, contract) => {
    const shapes = routeShapes(contract);
    const base = baseRequest({ contract, query: shapes.query, body: shapes.body }, owner);
    const before = await ownerMark();
    const answer = await sendContractRequest(t, contract, {
      params: base.params,
      query: queryPairs(base.query),
      ...(base.body !== undefined ? { body: base.body } : {}),
      token: intruder.user.access,
    });
    expect(answer.status, answer.body.slice(0, 300)).toBeLessThan(500);
    // A path id that names one of the owner's rows is 404, as one that names nothing. (A text body
    // the samples cannot make — a bank file — is refused as unreadable first: 422, which tells nothing either.)
    const namesARow = pathParams(contract.path).some((param) => ownerIds.includes(pathIdFor(contract.path, param, owner.ids)));
    if (namesARow) expect(answer.status, answer.body.slice(0, 300)).toBe(contract.bodyType === 'text' && answer.status === 422 ? 422 : 404);
    for (const id of ownerIds) expect(answer.body, `answer names the owner's ${id}`).not.toContain(id);
    expect(await ownerMark()).toBe(before);
  });
});
