import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import {
  FixedClock,
  PostgresEventStore,
  startProjector,
  type ProjectorHandle,
} from '@budget/platform';
import { createTestDatabase, type TestDatabase } from '@budget/platform/testing';
import { budgetProjections } from '../../projections.js';
import { readTree } from '../../queries/list-groups/list-groups.sql.js';
import { budgetTestAppModule } from '../../testing/budget-test-app.js';
import { BudgetProvisioner } from './budget-provisioner.js';

const clock = new FixedClock(new Date('2026-02-03T04:05:06.000Z'));

let db: TestDatabase;
let store: PostgresEventStore;
let projector: ProjectorHandle;
let app: INestApplicationContext;
let provisioner: BudgetProvisioner;

beforeAll(async () => {
  db = await createTestDatabase('provision');
  store = await PostgresEventStore.create(db.pool, db.url);
  projector = await startProjector({ pool: db.pool, store, projections: budgetProjections });

  app = await NestFactory.createApplicationContext(budgetTestAppModule({ pool: db.pool, store, clock }), { logger: false });
  provisioner = app.get(BudgetProvisioner);
});
afterAll(async () => {
  await app?.close();
  await projector?.stop();
  await store?.close();
  await db?.drop();
});

describe('BudgetProvisioner', () => {
  test('given a new user, it appends the default budget with system metadata and the projector shows it', async () => {
    const position = await provisioner.provision('user-a', 'corr-1');

    const events = await store.readStream('budget-user-a');
    expect(events).toHaveLength(1 + 9 + 27);
    expect(events[events.length - 1]!.position).toBe(position);
    expect(events.every((e) => e.metadata.actor === 'system' && e.metadata.userId === 'user-a')).toBe(true);
    expect(events[0]!.metadata).toEqual({
      userId: 'user-a',
      correlationId: 'corr-1',
      causationId: 'corr-1',
      recordedAt: '2026-02-03T04:05:06.000Z',
      actor: 'system',
    });

    await projector.caughtUp(position, 10_000);
    const view = await readTree(db.pool, 'user-a');
    expect(view.groups).toHaveLength(9);
    expect(view.categories.map((c) => c.name)).toContain('Funding Pool');
  });

  test('given a user who has a budget, provisioning again appends nothing and returns the same position', async () => {
    const first = await provisioner.provision('user-b', 'corr-1');
    const second = await provisioner.provision('user-b', 'corr-2');

    expect(second).toBe(first);
    expect(await store.readStream('budget-user-b')).toHaveLength(37);
  });

  test('given two concurrent calls for one user, one budget is created and both get its position', async () => {
    const [one, two] = await Promise.all([provisioner.provision('user-c', 'x'), provisioner.provision('user-c', 'y')]);

    expect(one).toBe(two);
    expect(await store.readStream('budget-user-c')).toHaveLength(37);
  });
});
