import { json, ok, type Answer, type Json, type Server, type Side } from './client.js';
import { daysAgo, RECURRING_AMOUNT, transactionBody, type Budget } from './seed.js';

/** One server's state for the writes: its budget, and what earlier writes left to edit or delete. */
export interface SideState {
  server: Server;
  budget: Budget;
  /** Transactions the "today" write made, for the delete to take (never deleted twice: the original crashes on that). */
  deletable: string[];
  /** The transaction the edit changes, and the version it holds now. */
  editId: string;
  editVersion: number;
  editRound: number;
}

export interface Case {
  name: string;
  kind: 'write' | 'read';
  /** The case whose first try decides whether this one runs (a repeated read: its read). */
  probeAs?: string;
  /** The call as product-spec §7 makes it; the same on both servers but for each server's own ids. */
  run(state: SideState): Promise<Answer>;
  /** A read's path under /api/v1 (what `run` GETs), for an outside client (`--client wrk`). */
  path?: (state: SideState) => string;
}

/** A read case: a GET of `path`. */
const read = (name: string, path: (s: SideState) => string): Case => ({ name, kind: 'read', path, run: (s) => s.server.call('GET', path(s)) });

const today = () => daysAgo(0);
const firstOfMonth = () => `${today().slice(0, 8)}01`;
const yearAgo = () => daysAgo(365);

/** A transaction of 12.34 out of Market, as the client's transaction dialog posts it. */
function purchase(state: SideState, date: string, name: string): Json {
  return transactionBody(state.budget, { date, name, amount: -12.34, principle: 0, comment: '', categories: [{ category: 'Market', amount: -12.34 }] });
}

function transactionId(answer: Answer): string | null {
  const body = json(answer);
  const id = body?.transaction?.id ?? body?.data?.transaction?.id;
  return id === undefined || id === null ? null : String(id);
}

/** A transaction the delete may take: one the "today" write made, or a new one (untimed setup then). */
async function takeDeletable(state: SideState): Promise<string> {
  const queued = state.deletable.shift();
  if (queued) return queued;
  const answer = await state.server.call('POST', `account/${state.budget.accountId}/transactions`, purchase(state, today(), 'Bench delete'));
  const id = transactionId(answer);
  if (!ok(answer) || !id) throw new Error(`${state.server.side}: could not make a transaction to delete (${answer.status})`);
  return id;
}

/**
 * The funding of 10.00 into Market from the Funding Pool, built as the client's Fund dialog builds
 * it (server-behaviour §4.4.6): the funded line with its base amount and sources, then the funder
 * line taking the money out of the pool; type 2, dated the first of the month.
 */
function funding(state: SideState): Json {
  const { categories, fundingPool } = state.budget;
  return {
    date: firstOfMonth(),
    type: 2,
    categories: [
      { categoryId: categories.Market, amount: 10, baseAmount: 10, fundingCategories: [{ categoryId: fundingPool, amount: 100, percentage: true }], includeFundingTransfers: true },
      { categoryId: fundingPool, amount: -10, baseAmount: 0, funder: true, fundingCategories: [], includeFundingTransfers: false },
    ],
  };
}

export const WRITES: Case[] = [
  {
    name: 'POST transaction (today)',
    kind: 'write',
    run: async (state) => {
      const answer = await state.server.call('POST', `account/${state.budget.accountId}/transactions`, purchase(state, today(), 'Bench today'));
      const id = transactionId(answer);
      if (ok(answer) && id) state.deletable.push(id);
      return answer;
    },
  },
  {
    name: 'POST transaction (a year back)',
    kind: 'write',
    run: (state) => state.server.call('POST', `account/${state.budget.accountId}/transactions`, purchase(state, yearAgo(), 'Bench back-dated')),
  },
  { name: 'POST category-transfer (funding, type 2)', kind: 'write', run: (state) => state.server.call('POST', 'category-transfer', funding(state)) },
  {
    // The Rebalance dialog: {date, categories:[{categoryId, amount}]} summing to zero, type 3.
    name: 'POST category-transfer (rebalance, type 3)',
    kind: 'write',
    run: (state) =>
      state.server.call('POST', 'category-transfer', {
        date: today(),
        type: 3,
        categories: [{ categoryId: state.budget.categories.Market, amount: -5 }, { categoryId: state.budget.categories.Fuel, amount: 5 }],
      }),
  },
  {
    // The From/To category-transfer dialog (CategoryTransferDialog in the original's client): {date, categories}, no type.
    name: 'POST category-transfer (From/To, no type)',
    kind: 'write',
    run: (state) =>
      state.server.call('POST', 'category-transfer', {
        date: today(),
        categories: [{ categoryId: state.budget.categories.Fun, amount: -3 }, { categoryId: state.budget.categories.Savings, amount: 3 }],
      }),
  },
  {
    // PATCH {version, name, amount, categories}: the amount alternates 20.00/21.00 with its split.
    name: 'PATCH transaction (edit)',
    kind: 'write',
    run: async (state) => {
      state.editRound += 1;
      const amount = state.editRound % 2 === 0 ? -20 : -21;
      const answer = await state.server.call('PATCH', `transaction/${state.editId}`, {
        version: state.editVersion,
        name: `Bench edited ${state.editRound % 2}`,
        amount,
        categories: [{ categoryId: state.budget.categories.Utilities, amount }],
      });
      if (ok(answer)) {
        const version = json(answer)?.data?.transaction?.version;
        state.editVersion = typeof version === 'number' ? version : state.editVersion + 1;
      }
      return answer;
    },
  },
  {
    name: 'DELETE transaction',
    kind: 'write',
    run: async (state) => state.server.call('DELETE', `transaction/${await takeDeletable(state)}`),
  },
];

const monthYear = () => {
  const now = new Date();
  return `${now.getUTCMonth() + 1}-${now.getUTCFullYear()}`;
};

export const READS: Case[] = [
  read('GET /groups', () => 'groups'),
  read('GET register page (offset 0, limit 30)', (s) => `account/${s.budget.accountId}/transactions?offset=0&limit=30`),
  read('GET register page (offset 1500, limit 30)', (s) => `account/${s.budget.accountId}/transactions?offset=1500&limit=30`),
  read('GET /categories?date', () => `categories?date=${today()}`),
  read('GET /funding-plans/proposed?date', () => `funding-plans/proposed?date=${today()}`),
  read('GET report networth', () => 'reports/networth'),
  read('GET report payee (all channels, 1 account)', (s) => `reports/payee?startDate=${yearAgo()}&endDate=${today()}&pc=instore&pc=online&pc=other&pc=unknown&a=${s.budget.accountId}`),
  read('GET report category (2 categories)', (s) => `reports/category?startDate=${yearAgo()}&endDate=${today()}&c=${s.budget.categories.Market}&c=${s.budget.categories.Fuel}`),
  read('GET report income-vs-expenses', () => 'reports/income-vs-expenses'),
  read('GET report funding-history', () => 'reports/funding-history'),
  read('GET report budget-progress?m', () => `reports/budget-progress?m=${monthYear()}`),
  read('GET search by name ("market")', () => 'transactions/search?name=market&offset=0&limit=30'),
  read(`GET search by amount (${RECURRING_AMOUNT})`, () => `transactions/search?amount=${RECURRING_AMOUNT}&offset=0&limit=30`),
];

/**
 * The reads again, timed in rounds with no write between them. Ours keeps an answer cache keyed by
 * the user's last write (README "Reads: ETags and the answer cache"), so there these are its cached
 * answers; timed right after the writes of the same round (READS), they are fresh answers. The
 * original caches nothing: both are the same work for it.
 */
export const REPEATED_READS: Case[] = READS.map((c) => ({ ...c, name: `${c.name} [repeated]`, probeAs: c.name }));

/** Makes the transaction the edit case changes (back-dated half a year) and reads its version. */
export async function prepareEdit(state: SideState): Promise<void> {
  const answer = await state.server.call('POST', `account/${state.budget.accountId}/transactions`, {
    ...purchase(state, daysAgo(180), 'Bench edited 0'),
    amount: -20,
    categories: [{ categoryId: state.budget.categories.Utilities, amount: -20 }],
  });
  const id = transactionId(answer);
  if (!ok(answer) || !id) throw new Error(`${state.server.side}: could not make the transaction to edit (${answer.status}: ${answer.body.slice(0, 200)})`);
  const body = json(answer);
  const version = body?.transaction?.version ?? body?.data?.transaction?.version;
  state.editId = id;
  state.editVersion = typeof version === 'number' ? version : 0;
}

export type { Side };
