import { describe, expect, test } from 'vitest';
import {
  accountRegister, categoryRegister, getTransaction, getUser, listAutoAssignments, listCategories, listConnectedAccounts, listGroups, listStatements, netWorthReport,
  getInstitutionInfo, type FeedChange,
} from '@budget/contracts';
import { routeQueryKey } from '../data/route-query.js';
import { routeUrl } from '../api/route-url.js';
import { affects } from './affected.js';

const A1 = '11111111-1111-4111-8111-111111111111';
const A2 = '22222222-2222-4222-8222-222222222222';
const C1 = '33333333-3333-4333-8333-333333333333';
const C2 = '44444444-4444-4444-8444-444444444444';
const I1 = '55555555-5555-4555-8555-555555555555';

const change = (part: Partial<FeedChange>): FeedChange => ({
  position: '1', accounts: [], categories: [], institutions: [], allCategories: false, budget: false, rules: false, ...part,
});

const register = (id: string) => ['register', routeUrl(accountRegister, { params: { id }, query: { limit: 30 } }), accountRegister.id];
const categoryPage = (id: string) => routeQueryKey(categoryRegister, { params: { id } } as never);
const everyPage = (id: string) => [routeUrl(listStatements, { params: { id } } as never), listStatements.id, 'every page', 1000];

describe('affects: exactly the queries a change makes stale', () => {
  test("an account's register, statements: only that account", () => {
    const one = change({ accounts: [A1], categories: [C1] });
    expect(affects(register(A1), undefined, one)).toBe(true);
    expect(affects(register(A2), undefined, one)).toBe(false);
    expect(affects(everyPage(A1), undefined, one)).toBe(true);
    expect(affects(everyPage(A2), undefined, one)).toBe(false);
  });

  test("a category's register: that category, or every one when all may have moved", () => {
    expect(affects(categoryPage(C1), undefined, change({ categories: [C1] }))).toBe(true);
    expect(affects(categoryPage(C2), undefined, change({ categories: [C1] }))).toBe(false);
    expect(affects(categoryPage(C2), undefined, change({ accounts: [A1], allCategories: true }))).toBe(true);
  });

  test('one transaction: by the account and categories of its cached answer', () => {
    const key = routeQueryKey(getTransaction, { params: { id: 'tx' } } as never);
    const data = { accountTransaction: { account: { id: A1 } }, categories: [{ categoryId: C1 }] };
    expect(affects(key, data, change({ accounts: [A1] }))).toBe(true);
    expect(affects(key, data, change({ categories: [C1] }))).toBe(true);
    expect(affects(key, data, change({ accounts: [A2], categories: [C2] }))).toBe(false);
  });

  test('institutions with accounts: any account or institution; the category tree: categories or the tree; rules: rules only', () => {
    const institutions = routeQueryKey(listConnectedAccounts, {});
    expect(affects(institutions, undefined, change({ institutions: [I1] }))).toBe(true);
    expect(affects(institutions, undefined, change({ accounts: [A1] }))).toBe(true);
    expect(affects(institutions, undefined, change({ categories: [C1], budget: true }))).toBe(false);
    expect(affects(routeQueryKey(listGroups, {}), undefined, change({ budget: true }))).toBe(true);
    expect(affects(routeQueryKey(listGroups, {}), undefined, change({ institutions: [I1] }))).toBe(false);
    expect(affects(routeQueryKey(listAutoAssignments, {}), undefined, change({ rules: true }))).toBe(true);
    expect(affects(routeQueryKey(listAutoAssignments, {}), undefined, change({ accounts: [A1] }))).toBe(false);
  });

  test('balances and reports: any move of money; the user and Plaid records: never', () => {
    expect(affects(routeQueryKey(listCategories, { query: { date: '2026-11-01' } } as never), undefined, change({ accounts: [A1] }))).toBe(true);
    expect(affects(routeQueryKey(listCategories, {} as never), undefined, change({ institutions: [I1] }))).toBe(false);
    expect(affects(routeQueryKey(netWorthReport, { query: { from: '2026-01-01', to: '2026-12-31' } } as never), undefined, change({ categories: [C1] }))).toBe(true);
    expect(affects(routeQueryKey(getUser, {}), undefined, change({ accounts: [A1], allCategories: true, budget: true, rules: true }))).toBe(false);
    expect(affects(routeQueryKey(getInstitutionInfo, { params: { id: I1 } }), undefined, change({ institutions: [I1] }))).toBe(false);
    expect(affects(['register-local-state'], undefined, change({ accounts: [A1] }))).toBe(false);
  });
});
