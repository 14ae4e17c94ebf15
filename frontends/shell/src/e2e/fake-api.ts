import type { IncomingMessage, ServerResponse } from 'node:http';

/** A stand-in for the API server with just enough behaviour to drive the screens. */
export const VALID_CODE = 'ABCD-EFGH';
export const TOKENS = { access: 'access-1', refresh: 'refresh-1' };

const group = (id: string, name: string, type: string) => ({ id, name, type, hidden: false, parentGroupId: null });
const category = (id: string, groupId: string, name: string, type: string, balance: number) => ({
  id, groupId, name, type, balance, hidden: false, fundingAmount: 0, includeFundingTransfers: true, useGoal: false, goalDate: null,
  recurrence: 1, fundingCategories: [], suspended: false, parentCategoryId: null,
});

/** GET /groups as the contract (`listGroups`) describes it. */
const groups = {
  groups: [group('g1', 'System', 'SYSTEM'), group('g2', 'NoGroup', 'NO GROUP'), group('g3', 'Food', 'REGULAR')],
  categories: [
    category('10', 'g1', 'Unassigned', 'UNASSIGNED', 0),
    category('11', 'g1', 'Funding Pool', 'FUNDING POOL', 1500),
    category('12', 'g1', 'Account Transfer', 'ACCOUNT TRANSFER', 0),
    category('20', 'g3', 'Groceries', 'REGULAR', 125.5),
    category('21', 'g3', 'Dining Out', 'REGULAR', -20.25),
    category('30', 'g2', 'Entertainment', 'REGULAR', 12.5),
  ],
};

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  return text === '' ? {} : (JSON.parse(text) as Record<string, unknown>);
}

function send(res: ServerResponse, status: number, body?: unknown): void {
  if (body === undefined) {
    res.writeHead(status).end();
    return;
  }
  res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
}

export interface FakeApiOptions {
  /** Routes ("METHOD path") that crash once, as a debug-mode server error, then answer normally. */
  crashOnce?: readonly string[];
}

/** Handles /api requests; `calls` records each as "METHOD path" for assertions. */
export function fakeApi(calls: string[] = [], { crashOnce = [] }: FakeApiOptions = {}) {
  let pendingEmail: string | null = null;
  const crashes = new Set(crashOnce);
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = new URL(req.url ?? '/', 'http://local').pathname;
    const route = `${req.method} ${path}`;
    calls.push(route);
    const authorized = req.headers.authorization === `Bearer ${TOKENS.access}`;
    const body = req.method === 'POST' || req.method === 'PATCH' ? await readJson(req) : {};

    switch (route) {
      case 'POST /api/v1/register':
        return body.username === 'taken'
          ? send(res, 422, { errors: [{ code: 'database.unique', detail: 'The username has already been taken', source: { pointer: 'username' } }] })
          : send(res, 200);
      case 'POST /api/v1/code-request':
        return send(res, 200);
      case 'POST /api/v1/code-verify':
        if (body.code === VALID_CODE && body.email === pendingEmail) pendingEmail = null;
        return body.code === VALID_CODE
          ? send(res, 200, { data: { ...TOKENS, username: 'alice' } })
          : send(res, 422, { errors: [{ field: 'code', message: 'This code is not valid.' }] });
      case 'POST /api/v1/login':
        return body.username === 'alice' && body.password === 'Secret123'
          ? send(res, 200, { data: TOKENS })
          : send(res, 401, { errors: ['username', 'password'].map((field) => ({ field, message: 'The username or password does not match our records.' })) });
      case 'POST /api/v1/logout':
        return send(res, 200);
    }
    if (!authorized) return send(res, 401, { errors: [{ message: 'Unauthorized access' }] });
    // A crash in debug mode: the client must show it as the global server error.
    if (crashes.delete(route)) return send(res, 500, { message: 'boom', stack: 'Error: boom\n    at logs.ts:1:1' });
    const user = () => ({ username: 'alice', email: 'alice@example.com', pendingEmail, roles: ['ADMIN'], createdAt: '2025-01-01T00:00:00.000Z' });
    if (route === 'GET /api/v1/user') return send(res, 200, { data: user() });
    if (route === 'PATCH /api/v1/user') {
      if (!String(body.email).includes('@')) return send(res, 422, { errors: [{ field: 'email', message: 'The email address is not valid.' }] });
      pendingEmail = String(body.email);
      return send(res, 200, user());
    }
    if (route === 'GET /api/v1/groups') return send(res, 200, { data: groups });
    if (route === 'GET /api/v1/connected-accounts') return send(res, 200, { data: [] });
    if (route === 'GET /api/v1/bills') return send(res, 200, []);
    if (route === 'GET /api/v1/transaction-logs') return send(res, 200, []);
    if (/^GET \/api\/v1\/category\/\d+\/transactions$/.test(route)) return send(res, 200, { data: { transactions: [], balance: 0, transactionsCount: 0 } });
    if (route === 'GET /api/v1/rebalances') return send(res, 200, { data: { transactions: [], balance: 0, transactionsCount: 0 } });
    return send(res, 404, { errors: [{ code: 'E_NOT_FOUND', message: 'Not found' }] });
  };
}
