import { signUp } from '@budget/identity/testing';
import type { Pool } from '@budget/platform';
import type { BenchApi } from './bench-api.js';
import type { BulkTarget } from './bulk/bulk-load.js';
import { BENCH_ACCOUNTS, regularCategoryIds, START_DATE } from './bulk/target.js';

export interface SeededUser {
  email: string;
  password: string;
  /** A bearer token for the user, valid for a day. */
  access: string;
  target: BulkTarget;
}

/** The user id an access token was issued to (its `sub` claim). */
function subjectOf(token: string): string {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sub?: unknown };
  if (typeof payload.sub !== 'string') throw new Error('access token without a subject');
  return payload.sub;
}

/**
 * One user made the normal way, through the API: register and verify (the default budget is
 * provisioned), then one offline institution with the bench accounts, all tracking Transactions.
 */
export async function seedUser(api: BenchApi, pool: Pool): Promise<SeededUser> {
  const user = await signUp(api.http, api.mail, 'bench');
  const body = {
    institution: { name: 'Bench Bank' },
    accounts: BENCH_ACCOUNTS.map((a) => ({ ...a, tracking: 'Transactions' })),
    startDate: START_DATE,
  };
  const created = await api.http.post('institution', body, user.access);
  if (created.status !== 201) throw new Error(`POST institution answered ${created.status}: ${created.body}`);
  const accounts = created.json<{ data: { accounts: { id: string; name: string }[] } }>().data.accounts;
  const accountIds = BENCH_ACCOUNTS.map((wanted) => {
    const account = accounts.find((a) => a.name === wanted.name);
    if (!account) throw new Error(`POST institution did not answer account ${wanted.name}`);
    return account.id;
  });
  const userId = subjectOf(user.access);
  return {
    email: user.email,
    password: user.password,
    access: user.access,
    target: { userId, accountIds, categoryIds: await regularCategoryIds(pool, userId), startDate: START_DATE },
  };
}
