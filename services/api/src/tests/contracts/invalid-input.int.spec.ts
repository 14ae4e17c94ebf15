import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiRoutes } from '@budget/contracts';
import { buildInvalidRequest, caseName, expectedField, planInvalidCases } from '../../testing/contract-cases.js';
import { errorFormatProblem } from '../../testing/contract-inputs.js';
import { buildWorld, eventStoreMark, sendContractRequest, signUpUser, type ContractAnswer, type World } from '../../testing/contract-world.js';
import { startApiTestApp, type ApiTestApp } from '../../testing/api-test-app.js';

/**
 * The contract at the edge (docs/architecture.md §6.1): bad input never reaches the database.
 * Generated from every route of `apiRoutes`: for each query and body field one request with a value
 * of the wrong type and, for required fields, one without it; each answers 422 in the spec's format
 * naming that field and appends nothing. A malformed path id answers 404. Public routes are called
 * without a token, the others as a signed-in user whose rows the path ids name.
 */
const plans = apiRoutes.map(planInvalidCases).filter((p) => p.cases.length > 0);

let t: ApiTestApp;
let world: World;
let sent = 0;

beforeAll(async () => {
  t = await startApiTestApp();
  t.clock.set(new Date('2025-08-14T12:00:00Z'));
  world = await buildWorld(t, await signUpUser(t, 'invalid'));
  if (world.warnings.length > 0) console.log(`set-up steps that failed (their ids are stand-ins):\n  ${world.warnings.join('\n  ')}`);
}, 120_000);
afterAll(async () => {
  console.log(`invalid-input: ${plans.reduce((n, p) => n + p.cases.length, 0)} cases for ${plans.length} routes with input, ${sent} requests sent`);
  await t?.close();
});

const fieldsNamed = (answer: ContractAnswer): string[] => {
  try {
    return ((JSON.parse(answer.body) as { errors?: { field?: string }[] }).errors ?? []).map((e) => e.field ?? '(no field)');
  } catch {
    return [];
  }
};

for (const p of plans) {
  const { contract } = p;
  describe(`given ${contract.method} ${contract.path} (${contract.id})${contract.public ? ', public, without a token' : ', signed in'}`, () => {
    for (const c of p.cases) {
      test(caseName(c, p), async (context) => {
        const request = buildInvalidRequest(p, c, world);
        if (c.kind === 'unreadable') expect.fail(request as string);
        if (typeof request === 'string') {
          context.skip(request);
          return;
        }
        const before = await eventStoreMark(t);
        const answer = await sendContractRequest(t, contract, request);
        sent += 1;
        const shown = `${contract.method} ${answer.status} ${answer.body.slice(0, 400)}`;
        expect(await eventStoreMark(t), `the event store changed: ${shown}`).toBe(before);
        expect(answer.status, shown).toBe(c.kind === 'path' ? 404 : 422);
        expect(errorFormatProblem(contract, answer.status, answer.body), shown).toBeNull();
        const field = expectedField(c, p);
        if (field !== null) {
          expect(fieldsNamed(answer).some((named) => named === field || named.startsWith(`${field}.`)), `no error names ${field}: ${shown}`).toBe(true);
        }
      });
    }
  });
}
