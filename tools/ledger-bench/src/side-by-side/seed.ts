import { expectOk, type Json, type Server } from './client.js';

/** The categories the bench adds (group "Bench"), the same on both servers. */
export const BENCH_CATEGORIES = ['Rent', 'Market', 'Fuel', 'Fun', 'Savings', 'Utilities'] as const;
export type BenchCategory = (typeof BENCH_CATEGORIES)[number];

/** What one server holds after the setup: its own ids for the same things. */
export interface Budget {
  accountId: string;
  fundingPool: string;
  unassigned: string;
  categories: Record<BenchCategory, string>;
}

/** A manual transaction, as POST /account/{id}/transactions takes it (amounts in dollars). */
export interface TransactionPayload {
  date: string;
  name: string;
  amount: number;
  principle: number;
  comment: string;
  categories: { category: BenchCategory; amount: number }[];
}

export const ACCOUNT_START_BALANCE = 5000;
/** An amount that recurs (every 50th row, a subscription), for the search by amount. */
export const RECURRING_AMOUNT = -42.17;
const PAYEES = [
  'Corner Market', 'Green Market', 'Fresh Market Co', 'City Fuel', 'Quick Fuel Stop', 'Harbor Cafe', 'Movie House', 'Book Nook',
  'Power & Light', 'Water Works', 'Metro Rent LLC', 'Hardware Barn', 'Pet Palace', 'Pharmacy Plus', 'Sports Depot', 'Garden Centre',
  'Music Hall', 'Bike Shop', 'Bakery Lane', 'Tea Room', 'Taxi Co', 'Cinema 9', 'Gas & Go', 'Super Market',
];
const CATEGORY_OF_PAYEE: BenchCategory[] = ['Market', 'Market', 'Market', 'Fuel', 'Fuel', 'Fun', 'Fun', 'Fun', 'Utilities', 'Utilities', 'Rent', 'Savings'];

export const isoDate = (date: Date) => date.toISOString().slice(0, 10);
export function daysAgo(days: number, from = new Date()): string {
  const date = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
  date.setUTCDate(date.getUTCDate() - days);
  return isoDate(date);
}

/** mulberry32: the same seed gives the same rows on both servers and on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `count` transactions over the last two years (never today, so the timed writes dated today are
 * the day's only rows), deterministic from `seed`: mostly purchases of 1.00–250.00 in one
 * category, one in seven split over two, a monthly pay deposit into Savings every 60th row and a
 * subscription of exactly 42.17 every 50th (the search by amount finds those).
 */
export function transactionPayloads(count: number, seed: number, today = new Date()): TransactionPayload[] {
  const next = random(seed);
  const rows: TransactionPayload[] = [];
  for (let i = 0; i < count; i++) {
    const date = daysAgo(1 + Math.floor(next() * 729), today);
    if (i % 60 === 59) {
      rows.push({ date, name: 'Payroll Deposit', amount: 2500, principle: 0, comment: '', categories: [{ category: 'Savings', amount: 2500 }] });
      continue;
    }
    if (i % 50 === 49) {
      rows.push({ date, name: 'Streaming Service', amount: RECURRING_AMOUNT, principle: 0, comment: '', categories: [{ category: 'Fun', amount: RECURRING_AMOUNT }] });
      continue;
    }
    const payee = Math.floor(next() * PAYEES.length);
    const cents = 100 + Math.floor(next() * 24_900);
    const category = CATEGORY_OF_PAYEE[payee % CATEGORY_OF_PAYEE.length]!;
    const amount = -cents / 100;
    if (i % 7 === 3) {
      const first = Math.floor(cents / 3);
      const other = category === 'Market' ? 'Fun' : 'Market';
      rows.push({
        date, name: PAYEES[payee]!, amount, principle: 0, comment: `row ${i}`,
        categories: [{ category, amount: -first / 100 }, { category: other, amount: -(cents - first) / 100 }],
      });
    } else {
      rows.push({ date, name: PAYEES[payee]!, amount, principle: 0, comment: '', categories: [{ category, amount }] });
    }
  }
  return rows;
}

/** The body both servers take for a manual transaction, with this server's category ids. */
export function transactionBody(budget: Budget, row: TransactionPayload): Json {
  return {
    date: row.date,
    name: row.name,
    amount: row.amount,
    principle: row.principle,
    comment: row.comment,
    categories: row.categories.map((split) => ({ categoryId: budget.categories[split.category], amount: split.amount })),
  };
}

const idText = (value: unknown) => String(value);

/**
 * The same budget on one server, through its own API: a group "Bench" with the bench categories
 * (POST /groups, POST /groups/{id}/categories), an offline institution with one checking account
 * tracking transactions opened 800 days ago with 5,000.00 (POST /institution), and the system
 * categories' ids from GET /groups.
 */
export async function setUpBudget(server: Server, today = new Date()): Promise<Budget> {
  const group = expectOk(await server.call('POST', 'groups', { name: 'Bench', parentGroupId: null }), `${server.side}: add group`);
  const groupId = idText(group?.data?.id ?? group?.data?.group?.id);
  const categories = {} as Record<BenchCategory, string>;
  for (const name of BENCH_CATEGORIES) {
    const added = expectOk(
      await server.call('POST', `groups/${groupId}/categories`, { name, type: 'REGULAR', useGoal: false, fundingCategories: [], groupId: Number(groupId) || groupId }),
      `${server.side}: add category ${name}`,
    );
    categories[name] = idText(added?.data?.id ?? added?.data?.category?.id);
  }
  const institution = expectOk(
    await server.call('POST', 'institution', {
      institution: { name: 'Bench Bank' },
      accounts: [{ name: 'Checking', balance: ACCOUNT_START_BALANCE, type: 'depository', subtype: 'checking', tracking: 'Transactions' }],
      startDate: daysAgo(800, today),
    }),
    `${server.side}: add institution`,
  );
  const accountId = idText((institution?.data?.accounts as Json[] | undefined)?.[0]?.id);
  const tree = expectOk(await server.call('GET', 'groups'), `${server.side}: groups`)?.data as Json;
  const system = (type: string, name: string) =>
    idText((tree.categories as Json[]).find((c) => c.type === type || c.name === name)?.id);
  const budget = { accountId, fundingPool: system('FUNDING POOL', 'Funding Pool'), unassigned: system('UNASSIGNED', 'Unassigned'), categories };
  for (const [what, id] of Object.entries({ accountId, fundingPool: budget.fundingPool, unassigned: budget.unassigned, ...categories })) {
    if (!id || id === 'undefined') throw new Error(`${server.side}: no id for ${what} after the setup`);
  }
  return budget;
}

/** The budget `setUpBudget` made on this server for this user, found again by its names (`--reuse`). */
export async function findBudget(server: Server): Promise<Budget> {
  const tree = expectOk(await server.call('GET', 'groups'), `${server.side}: groups`)?.data as Json;
  const group = (tree.groups as Json[]).find((g) => g.name === 'Bench');
  if (!group) throw new Error(`${server.side}: ${server.username} has no group Bench`);
  const inBench = (tree.categories as Json[]).filter((c) => String(c.groupId) === String(group.id));
  const categories = {} as Record<BenchCategory, string>;
  for (const name of BENCH_CATEGORIES) categories[name] = idText(inBench.find((c) => c.name === name)?.id);
  const system = (type: string, name: string) => idText((tree.categories as Json[]).find((c) => c.type === type || c.name === name)?.id);
  const institutions = expectOk(await server.call('GET', 'connected-accounts'), `${server.side}: connected-accounts`)?.data as Json[];
  const account = institutions.filter((i) => i.name === 'Bench Bank').flatMap((i) => i.accounts as Json[]).find((a) => a.name === 'Checking');
  if (!account) throw new Error(`${server.side}: ${server.username} has no Bench Bank checking account`);
  return { accountId: idText(account.id), fundingPool: system('FUNDING POOL', 'Funding Pool'), unassigned: system('UNASSIGNED', 'Unassigned'), categories };
}

/**
 * POSTs every row to one server, one at a time (the original updates stored balances by
 * read-add-save, so concurrent writes of one budget would lose updates there). Logs progress.
 */
export async function seedTransactions(server: Server, budget: Budget, rows: readonly TransactionPayload[], log: (line: string) => void): Promise<void> {
  const started = performance.now();
  for (let i = 0; i < rows.length; i++) {
    expectOk(await server.call('POST', `account/${budget.accountId}/transactions`, transactionBody(budget, rows[i]!)), `${server.side}: seed row ${i}`);
    if ((i + 1) % 1000 === 0 || i + 1 === rows.length) {
      const seconds = (performance.now() - started) / 1000;
      log(`${server.side}: ${(i + 1).toLocaleString('en-US')} of ${rows.length.toLocaleString('en-US')} transactions (${((i + 1) / seconds).toFixed(0)}/s)`);
    }
  }
}

/** The account's balance as the register answers it, to check that both servers hold the same data. */
export async function accountBalance(server: Server, budget: Budget): Promise<number> {
  const page = expectOk(await server.call('GET', `account/${budget.accountId}/transactions?offset=0&limit=1`), `${server.side}: register`);
  return Number(page?.data?.balance);
}
