import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CanActivate, ExecutionContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { FixedClock, PostgresEventStore, rebuildReadModels } from '@budget/platform';
import { createTestDatabase, type TestDatabase } from '@budget/platform/testing';
import { BudgetProvisioner } from '../../commands/provision-budget/budget-provisioner.js';
import { budgetProjections } from '../../projections.js';
import { budgetTestAppModule } from '../../testing/budget-test-app.js';
import { LedgerStandIn } from '../../testing/ledger-stand-in.js';

/** Stands in for identity's auth guard: the caller is whoever the test header names. */
const headerCaller: CanActivate = {
  canActivate(context: ExecutionContext) {
    const request = context.switchToHttp().getRequest<{ headers: Record<string, string>; caller?: unknown }>();
    const userId = request.headers['x-test-user'];
    if (!userId) return false;
    request.caller = { userId, sessionId: 'test-session' };
    return true;
  },
};

let db: TestDatabase;
let store: PostgresEventStore;
let app: NestFastifyApplication;
const ledger = new LedgerStandIn();

beforeAll(async () => {
  db = await createTestDatabase('groups_http');
  store = await PostgresEventStore.create(db.pool, db.url);
  const module = budgetTestAppModule({ pool: db.pool, store, clock: new FixedClock(new Date(0)), ledger });
  app = await NestFactory.create<NestFastifyApplication>(module, new FastifyAdapter(), { logger: false });
  app.setGlobalPrefix('api/v1');
  app.useGlobalGuards(headerCaller);
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  const provisioner = app.get(BudgetProvisioner);
  await provisioner.provision('alice', 'c1');
  await provisioner.provision('bob', 'c2');
  await rebuildReadModels({ pool: db.pool, store, projections: budgetProjections });
});
afterAll(async () => {
  await app?.close();
  await store?.close();
  await db?.drop();
});

describe('GET /api/v1/groups', () => {
  test('answers the signed-in user’s groups and categories in the spec’s shape', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/groups', headers: { 'x-test-user': 'alice' } });

    expect(response.statusCode).toBe(200);
    const body = response.json() as { data: { groups: { id: string; name: string }[]; categories: { groupId: string; balance: number }[] } };
    expect(Object.keys(body)).toEqual(['data']);
    expect(body.data.groups).toHaveLength(9);
    expect(body.data.categories).toHaveLength(27);
    expect(Object.keys(body.data.groups[0]!).sort()).toEqual(['hidden', 'id', 'name', 'parentGroupId', 'type']);
    expect(Object.keys(body.data.categories[0]!).sort()).toEqual(
      ['balance', 'fundingAmount', 'fundingCategories', 'goalDate', 'groupId', 'hidden', 'id', 'includeFundingTransfers', 'name', 'parentCategoryId', 'recurrence', 'suspended', 'type', 'useGoal'].sort(),
    );
    const groupIds = new Set(body.data.groups.map((g) => g.id));
    expect(body.data.categories.every((c) => groupIds.has(c.groupId) && c.balance === 0)).toBe(true);
  });

  test('never shows another user’s budget', async () => {
    const alice = (await app.inject({ method: 'GET', url: '/api/v1/groups', headers: { 'x-test-user': 'alice' } })).json() as { data: { groups: { id: string }[] } };
    const bob = (await app.inject({ method: 'GET', url: '/api/v1/groups', headers: { 'x-test-user': 'bob' } })).json() as { data: { groups: { id: string }[] } };

    const aliceIds = new Set(alice.data.groups.map((g) => g.id));
    expect(bob.data.groups.some((g) => aliceIds.has(g.id))).toBe(false);
  });

  test('answers each category’s balance as the ledger’s public query gives it, in dollars; 0 for a category the ledger has not seen', async () => {
    const get = async () => (await app.inject({ method: 'GET', url: '/api/v1/groups', headers: { 'x-test-user': 'alice' } })).json() as { data: { categories: { id: string; name: string; balance: number }[] } };
    const groceries = (await get()).data.categories.find((c) => c.name === 'Groceries')!;
    ledger.balances.set(groceries.id, -1234);

    const categories = (await get()).data.categories;

    expect(categories.find((c) => c.id === groceries.id)!.balance).toBe(-12.34);
    expect(categories.filter((c) => c.id !== groceries.id).every((c) => c.balance === 0)).toBe(true);
    ledger.balances.clear();
  });
});
