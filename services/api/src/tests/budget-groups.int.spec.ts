import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signUp, type SignedUpUser } from '@budget/identity/testing';
import { startApiTestApp, type ApiTestApp } from '../testing/api-test-app.js';

/** Groups and categories over HTTP (server-behaviour §4.4, weak points 23–26 fixed). */
let t: ApiTestApp;
let user: SignedUpUser;
const tree = async () => (await t.http.get('groups', user.access)).json().data as { groups: { id: string; name: string; type: string; parentGroupId: string | null }[]; categories: Record<string, unknown>[] };
const groupId = async (name: string) => (await tree()).groups.find((g) => g.name === name)!.id;
const category = async (name: string) => (await tree()).categories.find((c) => c.name === name) as { id: string; groupId: string; [k: string]: unknown };

beforeAll(async () => {
  t = await startApiTestApp();
  t.clock.set(new Date('2025-07-14T10:00:00Z'));
  user = await signUp(t.http, t.mail, 'groups');
});
afterAll(async () => t.close());

describe('groups', () => {
  let trips: string;

  test('POST /groups makes a REGULAR group and answers it under data', async () => {
    const response = await t.http.post('groups', { name: 'Trips', parentGroupId: null }, user.access);
    expect(response.status).toBe(201);
    const data = response.json().data;
    expect(data).toEqual({ id: expect.any(String), name: 'Trips', type: 'REGULAR', hidden: false, parentGroupId: null });
    trips = data.id;
  });

  test('a blank name and a sibling’s name are refused on the name field; the same name elsewhere is fine', async () => {
    const blank = await t.http.post('groups', { name: '  ', parentGroupId: null }, user.access);
    expect(blank.status).toBe(422);
    expect(blank.json().errors[0]).toMatchObject({ field: 'name', message: 'The group name must not be blank.', source: { pointer: 'name' } });
    const taken = await t.http.post('groups', { name: 'food', parentGroupId: null }, user.access);
    expect(taken.json().errors[0]).toMatchObject({ field: 'name', code: 'database.unique', message: 'The name has already been taken' });
    expect((await t.http.post('groups', { name: 'Food', parentGroupId: trips }, user.access)).status).toBe(201);
  });

  test('PATCH renames and moves; a cycle and a system group are refused', async () => {
    const kids = (await t.http.post('groups', { name: 'Kids', parentGroupId: trips }, user.access)).json().data.id;
    const moved = await t.http.patch(`groups/${trips}`, { name: 'Travel', parentGroupId: await groupId('Car') }, user.access);
    expect(moved.json().data).toMatchObject({ id: trips, name: 'Travel', parentGroupId: await groupId('Car') });
    const cycle = await t.http.patch(`groups/${trips}`, { parentGroupId: kids }, user.access);
    expect(cycle.status).toBe(422);
    expect(cycle.json().errors[0].field).toBe('parentGroupId');
    expect((await t.http.patch(`groups/${await groupId('System')}`, { name: 'Mine' }, user.access)).status).toBe(422);
    expect((await t.http.delete(`groups/${await groupId('NoGroup')}`, user.access)).status).toBe(422);
  });

  test('the spec client’s top-level group: the No Group group’s id as parentGroupId means the top level, on POST and PATCH', async () => {
    const noGroup = await groupId('NoGroup');
    const taken = await t.http.post('groups', { name: 'Bills', parentGroupId: noGroup }, user.access);
    expect(taken.status).toBe(422);
    expect(taken.json().errors[0]).toMatchObject({ field: 'name', code: 'database.unique' });
    expect((await t.http.patch(`groups/${await groupId('Bills')}`, { name: 'Utilities' }, user.access)).status).toBe(200);

    const response = await t.http.post('groups', { name: 'Bills', parentGroupId: noGroup }, user.access);

    expect(response.status).toBe(201);
    expect(response.json().data).toEqual({ id: expect.any(String), name: 'Bills', type: 'REGULAR', hidden: false, parentGroupId: null });
    const nested = (await t.http.post('groups', { name: 'Nested', parentGroupId: await groupId('Utilities') }, user.access)).json().data.id;
    const moved = await t.http.patch(`groups/${nested}`, { parentGroupId: noGroup }, user.access);
    expect(moved.json().data).toMatchObject({ id: nested, parentGroupId: null });
    expect((await tree()).groups.find((g) => g.id === nested)).toMatchObject({ parentGroupId: null });
  });

  test('malformed input answers 422 per field, a malformed path id 404', async () => {
    const bad = await t.http.post('groups', { name: 5, parentGroupId: 'not-an-id' }, user.access);
    expect(bad.status).toBe(422);
    expect(bad.json().errors.map((e: { field: string }) => e.field).sort()).toEqual(['name', 'parentGroupId']);
    expect((await t.http.patch('groups/not-an-id', { name: 'X' }, user.access)).status).toBe(404);
    expect((await t.http.patch(`groups/${trips}`, { hidden: 'yes' }, user.access)).json().errors[0]).toMatchObject({ field: 'hidden' });
    expect((await t.http.delete('groups/42', user.access)).status).toBe(404);
  });

  test('DELETE answers 409 HAS_CHILDREN while a sub-group or category is inside, 204 when empty', async () => {
    const refused = await t.http.delete(`groups/${trips}`, user.access);
    expect(refused.status).toBe(409);
    expect(refused.json()).toEqual({
      errors: [{ code: 'HAS_CHILDREN', status: '409', detail: 'Unable to delete the group because it contains one or more categories', message: expect.any(String) }],
    });
    const empty = (await t.http.post('groups', { name: 'Empty', parentGroupId: null }, user.access)).json().data.id;
    expect((await t.http.delete(`groups/${empty}`, user.access)).status).toBe(204);
    expect((await tree()).groups.some((g) => g.id === empty)).toBe(false);
  });
});

describe('categories', () => {
  test('POST a BILL answers every field; includeFundingTransfers is false and the goal date defaults', async () => {
    const food = await groupId('Food');
    const response = await t.http.post(
      `groups/${food}/categories`,
      { name: 'Water', type: 'BILL', fundingAmount: 90, includeFundingTransfers: true, recurrence: 3, goalDate: '', useGoal: true, fundingCategories: [{ categoryId: (await category('Funding Pool')).id, amount: 100, percentage: true }] },
      user.access,
    );
    expect(response.status).toBe(201);
    expect(response.json().data).toEqual({
      id: expect.any(String), groupId: food, name: 'Water', balance: 0, type: 'BILL', hidden: false, fundingAmount: 90, includeFundingTransfers: false,
      useGoal: true, goalDate: '2025-10-01', recurrence: 3, fundingCategories: [{ categoryId: (await category('Funding Pool')).id, amount: 100, percentage: true }],
      suspended: false, parentCategoryId: null,
    });
  });

  test('validation: blank name, recurrence below 1, unknown type, a percentage over 100', async () => {
    const food = await groupId('Food');
    const first = async (body: unknown) => (await t.http.post(`groups/${food}/categories`, body, user.access)).json().errors[0];
    expect(await first({ name: '' })).toMatchObject({ field: 'name', message: 'The category name must not be blank.' });
    expect(await first({ name: 'A', recurrence: 0 })).toMatchObject({ field: 'recurrence', message: 'The recurrence must be a whole number of at least 1.' });
    expect(await first({ name: 'A', recurrence: 1.5 })).toMatchObject({ field: 'recurrence' });
    expect(await first({ name: 'A', type: 'LOAN' })).toMatchObject({ field: 'type' });
    // One entry per bad field: the malformed id and the percentage over 100 are both refused.
    const funding = (await t.http.post(`groups/${food}/categories`, { name: 'A', fundingCategories: [{ categoryId: 'x', amount: 101, percentage: true }] }, user.access)).json().errors;
    expect(funding).toEqual([
      expect.objectContaining({ field: 'fundingCategories.0.categoryId', message: 'There are one or more items not assigned a category.' }),
      expect.objectContaining({ field: 'fundingCategories.0.amount', message: 'A percentage must be at most 100.' }),
    ]);
    expect(await first({ name: 'Groceries' })).toMatchObject({ field: 'name', code: 'database.unique' });
  });

  test('PATCH moves a category into the route’s group and renames it; system categories stay as they are', async () => {
    const groceries = await category('Groceries');
    const car = await groupId('Car');
    const response = await t.http.patch(`groups/${car}/categories/${groceries.id}`, { name: 'Road food', suspended: true }, user.access);
    expect(response.json().data).toMatchObject({ id: groceries.id, groupId: car, name: 'Road food', suspended: true });
    const pool = await category('Funding Pool');
    const renamed = await t.http.patch(`groups/${pool.groupId}/categories/${pool.id}`, { name: 'Mine' }, user.access);
    expect(renamed.status).toBe(422);
    expect((await t.http.delete(`groups/${pool.groupId}/categories/${pool.id}`, user.access)).status).toBe(422);
  });

  test('a Funding Pool subcategory lives in the System group with the pool as its parent', async () => {
    const system = await groupId('System');
    const pool = await category('Funding Pool');
    const response = await t.http.post(`groups/${system}/categories`, { name: 'Emergency fund' }, user.access);
    expect(response.json().data).toMatchObject({ groupId: system, parentCategoryId: pool.id, type: 'REGULAR' });
    const wrong = await t.http.post(`groups/${await groupId('Food')}/categories`, { name: 'X', parentCategoryId: pool.id }, user.access);
    expect(wrong.status).toBe(422);
    expect((await tree()).categories.find((c) => c.name === 'Entertainment')).toMatchObject({ parentCategoryId: null });
  });

  test('DELETE an unused category answers 204 and it is gone', async () => {
    const misc = await category('Miscellaneous');
    expect((await t.http.delete(`groups/${misc.groupId}/categories/${misc.id}`, user.access)).status).toBe(204);
    expect((await tree()).categories.some((c) => c.id === misc.id)).toBe(false);
    expect((await t.http.delete(`groups/${misc.groupId}/categories/${misc.id}`, user.access)).status).toBe(404);
  });

  test('GET /categories without a date answers the tree like GET /groups', async () => {
    expect((await t.http.get('categories', user.access)).json()).toEqual((await t.http.get('groups', user.access)).json());
  });
});
