import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { formatCents, parseDollars } from '@budget/money';

/** GETs an API path with the signed-in page's access token (localStorage `budget.accessToken`). */
export async function apiGet<T>(page: Page, baseUrl: string, path: string): Promise<T> {
  const token = (await page.evaluate("localStorage.getItem('budget.accessToken')")) as string | null;
  const response = await fetch(`${baseUrl}${path}`, { headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

/** Sends a request to `/api/v1/<path>` as the signed-in page's user: its status and parsed body (null when empty). */
export async function apiRequest<T>(page: Page, baseUrl: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const token = (await page.evaluate("localStorage.getItem('budget.accessToken')")) as string | null;
  const response = await fetch(`${baseUrl}/api/v1/${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

/** `apiRequest` for a request that must succeed (a status under 300): its body. */
export async function apiOk<T = unknown>(page: Page, baseUrl: string, method: string, path: string, body?: unknown): Promise<T> {
  const answer = await apiRequest<T>(page, baseUrl, method, path, body);
  expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
  return answer.body;
}

/** PATCHes an API path as the signed-in page's user: another session changing the same record. */
export async function apiPatch(page: Page, baseUrl: string, path: string, body: unknown): Promise<number> {
  const token = (await page.evaluate("localStorage.getItem('budget.accessToken')")) as string | null;
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'PATCH',
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return response.status;
}

interface ConnectedAccounts {
  data: { accounts: { id: string; name: string; balance: number }[] }[];
}

interface Groups {
  data: { categories: { id: string; name: string; balance: number; type: string }[] };
}

/** Account balances by id, in dollars as on the wire. */
export async function apiAccountBalances(page: Page, baseUrl: string): Promise<Map<string, number>> {
  const body = await apiGet<ConnectedAccounts>(page, baseUrl, '/api/v1/connected-accounts');
  return new Map(body.data.flatMap((institution) => institution.accounts.map((a) => [a.id, a.balance] as const)));
}

/** The categories with their balances (dollars as on the wire). */
export async function apiCategories(page: Page, baseUrl: string): Promise<Groups['data']['categories']> {
  return (await apiGet<Groups>(page, baseUrl, '/api/v1/groups')).data.categories;
}

/** What the screen shows for a wire amount: thousands separators and two decimals ("1,204.33"). */
export function shown(dollars: number): string {
  const cents = parseDollars(dollars);
  if (cents === null) throw new Error(`not an amount: ${dollars}`);
  return formatCents(cents);
}

type AccountRegister = { data: { transactions: { id: string; version: number; accountTransaction: { name: string } }[] } };

/** Another session changes the transaction named `name` of an account (its comment): the version moves on. */
export async function changeElsewhere(page: Page, baseUrl: string, accountId: string, name: string): Promise<number> {
  const rows = await apiGet<AccountRegister>(page, baseUrl, `/api/v1/account/${accountId}/transactions?offset=0&limit=30`);
  const stored = rows.data.transactions.find((t) => t.accountTransaction.name === name);
  if (!stored) throw new Error(`no transaction named ${name}`);
  return apiPatch(page, baseUrl, `/api/v1/transaction/${stored.id}`, { version: stored.version, comment: 'changed elsewhere' });
}
