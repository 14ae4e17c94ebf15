import { CommandBus } from '@nestjs/cqrs';
import { RecordBankFeed, type BankFeedRow } from '@budget/contracts';
import { centsToDecimalString } from '@budget/money';
import { bankOfx } from '@budget/ledger/testing';
import type { Pool } from '@budget/platform';
import type { BenchApi } from '../bench-api.js';
import { random } from '../fill.js';

/**
 * The reports benchmark's data set, made ONLY through the product's write path: the API
 * (`app.inject`), each write decided, appended and projected by the configured projection (inline
 * or the async projector) exactly as a user's writes are — never the bulk generator of
 * `src/bulk/`, whose set-based SQL bypasses the projections. One user with:
 * - offline accounts of each kind the reports tell apart: checking, savings and a credit card
 *   (Transactions), a car loan (Uncategorized Transactions, its payments imported), a cash
 *   account (manual entries only) and a mortgage tracked by Balances (a balance entry a month);
 * - auto-assignment rules (one per category, its merchants as search strings, a few splitting
 *   by percentage; transfers to Account Transfer) so imported rows land in categories as a user's
 *   would; a few merchants match no rule and stay in Unassigned;
 * - the volume as OFX imports of `FILE_ROWS`-row statements, chronological per account: a few
 *   hundred payee names drawn with merchant-like repetition (a few names most of the rows), pay
 *   cheques, transfers from checking to savings and card payments mirrored on both sides;
 * - a bank card linked through Plaid (the simulator; POST /institution with a public token) whose
 *   rows come as the worker's sync sends them, a `RecordBankFeed` on the API's CommandBus: the last
 *   two weeks' rows pending, earlier pending rows posted later under new ids naming them (Plaid's
 *   pending → posted), so the data holds pending rows and their replacements, and Plaid's payment
 *   channels (the imported rows have none: `unknown` in the payee report);
 * - manual entries through POST /account/{id}/transactions (cash spending with one to three splits,
 *   ATM cash in as a transfer), a funding a month (POST /category-transfer, type 2), and deletes
 *   through DELETE /transaction/{id}.
 * Dates span `DATA_START`..`DATA_END` (three years); the first `transactions` rows in all.
 */
export const DATA_START = '2023-01-01';
export const DATA_END = '2025-12-31';
/** Rows per OFX statement imported. */
export const STATEMENT_ROWS = 5_000;

export interface DataSetUser {
  userId: string;
  username: string;
  password: string;
  access: string;
  accounts: Record<AccountKey, string>;
}

export interface FillResult {
  transactions: number;
  imported: number;
  /** Rows of the linked card (RecordBankFeed). */
  synced: number;
  manual: number;
  /** Live pending rows at the end. */
  pending: number;
  deleted: number;
  fundings: number;
  balanceEntries: number;
  /** Of `seconds`, the time in the ANALYZEs that stand in for autovacuum (see Autoanalyze). */
  analyzeSeconds?: number;
  /** Events the fill appended to the log (every write of the user). */
  events: number;
  seconds: number;
}

type AccountKey = 'checking' | 'savings' | 'visa' | 'carLoan' | 'cash' | 'mortgage';
const ACCOUNTS: { key: AccountKey; name: string; balance: number; type: string; subtype: string; tracking: string }[] = [
  { key: 'checking', name: 'Everyday Checking', balance: 3_200, type: 'depository', subtype: 'checking', tracking: 'Transactions' },
  { key: 'savings', name: 'Savings', balance: 12_000, type: 'depository', subtype: 'savings', tracking: 'Transactions' },
  { key: 'visa', name: 'Visa', balance: -450, type: 'credit', subtype: 'credit card', tracking: 'Transactions' },
  { key: 'carLoan', name: 'Car Loan', balance: -18_000, type: 'loan', subtype: 'auto', tracking: 'Uncategorized Transactions' },
  { key: 'cash', name: 'Wallet', balance: 80, type: 'depository', subtype: 'cash management', tracking: 'Transactions' },
  { key: 'mortgage', name: 'Mortgage', balance: -240_000, type: 'loan', subtype: 'mortgage', tracking: 'Balances' },
];

/** Merchants; each is one rule's search string, spread over the regular categories in turn. */
const MERCHANTS = [
  'KROGER', 'WHOLE FOODS', 'TRADER JOES', 'SAFEWAY', 'CHIPOTLE', 'STARBUCKS', 'MCDONALDS', 'OLIVE GARDEN', 'HOME DEPOT', 'LOWES',
  'IKEA', 'WAYFAIR', 'CVS PHARMACY', 'WALGREENS', 'ASPEN DENTAL', 'LENSCRAFTERS', 'BLUE CROSS', 'DELTA DENTAL', 'VSP VISION',
  'STATE FARM', 'CITY ELECTRIC', 'GAS UTILITY', 'WASTE MGMT', 'IRS TREAS', 'STATE TAX', 'COUNTY TAX', 'H R BLOCK', 'SHELL OIL',
  'EXXONMOBIL', 'JIFFY LUBE', 'DMV RENEWAL', 'NETFLIX', 'SPOTIFY', 'AMC THEATRES', 'AMAZON MKTPLACE', 'TARGET', 'WALMART',
  'COSTCO WHSE', 'BEST BUY', 'APPLE STORE', 'UBER TRIP', 'LYFT RIDE', 'DOORDASH', 'PANERA BREAD', 'SUBWAY', 'CHEVRON', 'BP GAS',
  'PETSMART',
] as const;
/** Merchants no rule claims: their rows stay in Unassigned. */
const UNRULED = ['CORNER MARKET', 'FARMERS MKT', 'VENMO PAYMENT', 'PAYPAL TRANSFER'] as const;
/** Merchants whose rule splits the row between two categories by percentage. */
const SPLIT_MERCHANTS = new Set(['COSTCO WHSE', 'TARGET', 'WALMART', 'AMAZON MKTPLACE']);
const CITIES = ['COLUMBUS OH', 'DAYTON OH', 'AUSTIN TX', 'DENVER CO', 'SEATTLE WA', 'PORTLAND OR', 'RALEIGH NC'];

/**
 * Payee names with merchant-like repetition: each merchant at six stores, 312 names, in an order
 * shuffled by the seed so that the most drawn names (the first ones) belong to many merchants.
 */
function payeeNames(seed: number): string[] {
  const names: string[] = [];
  [...MERCHANTS, ...UNRULED].forEach((merchant, m) => {
    for (let store = 0; store < 6; store++) names.push(`${merchant} #${String(100 + ((m * 37 + store * 211) % 900)).padStart(4, '0')} ${CITIES[(m + store) % CITIES.length]}`);
  });
  const next = random(seed + 101);
  for (let i = names.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [names[i], names[j]] = [names[j]!, names[i]!];
  }
  return names;
}

/** Pay cheques, transfers and card payments: their own names, claimed by the transfer rule or none. */
const PAYROLL = 'ACME CORP PAYROLL';
const TO_SAVINGS = 'ONLINE TRANSFER TO SAVINGS';
const FROM_CHECKING = 'ONLINE TRANSFER FROM CHECKING';
const CARD_PAYMENT = 'VISA AUTOPAY';
const CARD_PAID = 'PAYMENT THANK YOU';
const LOAN_PAYMENT = 'AUTO LOAN PAYMENT';
const ATM = 'ATM WITHDRAWAL';
const INTEREST = 'INTEREST PAID';

interface Row {
  date: string;
  name: string;
  cents: number;
}

const DAY_MS = 86_400_000;
const daysInData = (Date.parse(DATA_END) - Date.parse(DATA_START)) / DAY_MS + 1;
const dayToDate = (day: number) => new Date(Date.parse(DATA_START) + day * DAY_MS).toISOString().slice(0, 10);

/** How many rows of each kind make `total` transactions (every count at least 1 on small runs). */
export function plan(total: number) {
  const manual = Math.max(20, Math.min(3_000, Math.round(total * 0.003)));
  const months = 36;
  const loan = Math.min(months, Math.max(1, Math.floor(total / 1000)));
  const linked = Math.max(10, Math.round(total * 0.02));
  const rest = total - manual - loan - linked;
  // Checking carries 1 transfer to savings in 40 rows (mirrored in savings) and a card payment a month (mirrored on the card).
  const savings = Math.max(1, Math.round(rest * 0.012));
  const checking = Math.round((rest - savings) * 0.52);
  const visa = rest - savings - checking;
  return { manual, loan, checking, savings, visa, linked, deleted: Math.max(5, Math.min(2_000, Math.round(total * 0.002))) };
}

/**
 * The imported rows of checking, savings and the card, chronological per account, deterministic by
 * `seed`. Transfers out of checking are mirrored into savings on the same day and amount; the card's
 * monthly payment too. Savings fills the rest of its share with interest.
 */
export function importedRows(total: number, seed: number): { checking: Row[]; savings: Row[]; visa: Row[]; carLoan: Row[] } {
  const counts = plan(total);
  const next = random(seed);
  const names = payeeNames(seed);
  // Zipf-like: a name's chance falls with its rank, so a few dozen names carry most rows.
  const payee = () => names[Math.floor(names.length * Math.pow(next(), 2.2))]!;
  const spend = () => -(100 + Math.floor(Math.pow(next(), 3) * 30_000));
  const dayOf = (i: number, count: number) => Math.min(daysInData - 1, Math.floor((i * daysInData) / count));
  const checking: Row[] = [];
  const savings: Row[] = [];
  const visa: Row[] = [];
  const transfers = Math.min(counts.savings, Math.floor(counts.checking / 40));
  const transferEvery = transfers > 0 ? Math.floor(counts.checking / transfers) : Infinity;
  let lastMonth = '';
  for (let i = 0; i < counts.checking; i++) {
    const date = dayToDate(dayOf(i, counts.checking));
    if (i % transferEvery === transferEvery - 1 && savings.length < transfers) {
      const cents = 5_000 + Math.floor(next() * 45_000);
      checking.push({ date, name: TO_SAVINGS, cents: -cents });
      savings.push({ date, name: FROM_CHECKING, cents });
    } else if (date.slice(0, 7) !== lastMonth && visa.length < counts.visa) {
      lastMonth = date.slice(0, 7);
      const cents = 80_000 + Math.floor(next() * 150_000);
      checking.push({ date, name: CARD_PAYMENT, cents: -cents });
      visa.push({ date, name: CARD_PAID, cents });
    } else if (i % 60 === 0) checking.push({ date, name: PAYROLL, cents: 250_000 + Math.floor(next() * 20_000) });
    else if (i % 97 === 0) checking.push({ date, name: ATM, cents: -4_000 });
    else checking.push({ date, name: payee(), cents: spend() });
  }
  const visaPayments = visa.length;
  for (let i = 0; i < counts.visa - visaPayments; i++) {
    const date = dayToDate(dayOf(i, counts.visa - visaPayments));
    // One card row in 50 is a refund.
    visa.push({ date, name: payee(), cents: i % 50 === 49 ? 500 + Math.floor(next() * 5_000) : spend() });
  }
  visa.sort((a, b) => a.date.localeCompare(b.date));
  const interest = counts.savings - savings.length;
  for (let i = 0; i < interest; i++) savings.push({ date: dayToDate(dayOf(i, interest)), name: INTEREST, cents: 100 + Math.floor(next() * 2_000) });
  savings.sort((a, b) => a.date.localeCompare(b.date));
  const carLoan = Array.from({ length: counts.loan }, (_, m) => ({ date: dayToDate(Math.min(daysInData - 1, Math.floor((m * daysInData) / 36) + 14)), name: LOAN_PAYMENT, cents: 45_000 }));
  return { checking, savings, visa, carLoan };
}

const ofxDate = (date: string) => date.replaceAll('-', '');

async function call(api: BenchApi, access: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}) {
  const answer = await api.app.inject({
    method,
    url: `/api/v1/${url}`,
    headers: { authorization: `Bearer ${access}`, ...headers },
    ...(payload === undefined ? {} : { payload: payload as string }),
  });
  if (answer.statusCode >= 300) throw new Error(`${method} ${url} answered ${answer.statusCode}: ${answer.body.slice(0, 400)}`);
  return answer;
}

interface Categories {
  regular: { id: string; name: string }[];
  pool: string;
  transfer: string;
}

async function categoriesOf(pool: Pool, userId: string): Promise<Categories> {
  const { rows } = await pool.query<{ id: string; name: string; type: string }>(
    'SELECT id, name, type FROM budget_categories WHERE user_id = $1 ORDER BY position, id',
    [userId],
  );
  const one = (type: string) => {
    const found = rows.find((r) => r.type === type);
    if (!found) throw new Error(`user ${userId} has no ${type} category`);
    return found.id;
  };
  return { regular: rows.filter((r) => r.type === 'REGULAR'), pool: one('FUNDING POOL'), transfer: one('ACCOUNT TRANSFER') };
}

/** The user, their accounts and the rules, through the API. */
export async function openAccounts(api: BenchApi, pool: Pool, access: string, userId: string): Promise<{ accounts: Record<AccountKey, string>; categories: Categories }> {
  const created = await call(api, access, 'POST', 'institution', {
    institution: { name: 'Reports Bench Bank' },
    accounts: ACCOUNTS.map(({ name, balance, type, subtype, tracking }) => ({ name, balance, type, subtype, tracking })),
    startDate: DATA_START,
  });
  const listed = created.json<{ data: { accounts: { id: string; name: string }[] } }>().data.accounts;
  const accounts = Object.fromEntries(
    ACCOUNTS.map(({ key, name }) => {
      const found = listed.find((a) => a.name === name);
      if (!found) throw new Error(`POST institution did not answer ${name}`);
      return [key, found.id];
    }),
  ) as Record<AccountKey, string>;
  const categories = await categoriesOf(pool, userId);
  const { regular } = categories;
  // One rule per category with its merchants; the big stores split 60/40 with the next category.
  for (const [c, category] of regular.entries()) {
    const merchants = MERCHANTS.filter((_, m) => m % regular.length === c);
    if (merchants.length === 0) continue;
    const plain = merchants.filter((m) => !SPLIT_MERCHANTS.has(m));
    if (plain.length > 0) await call(api, access, 'POST', 'auto-assignments', { name: `${category.name} ${c}`, searchStrings: plain, categories: [{ categoryId: category.id, amount: 100, percentage: true }] });
    const split = merchants.filter((m) => SPLIT_MERCHANTS.has(m));
    const other = regular[(c + 1) % regular.length]!;
    if (split.length > 0) {
      await call(api, access, 'POST', 'auto-assignments', {
        name: `${category.name} ${c} shared`,
        searchStrings: split,
        categories: [{ categoryId: category.id, amount: 60, percentage: true }, { categoryId: other.id, amount: 40, percentage: true }],
      });
    }
  }
  await call(api, access, 'POST', 'auto-assignments', { name: 'Transfers', searchStrings: [TO_SAVINGS, FROM_CHECKING, CARD_PAYMENT, CARD_PAID, ATM], categories: [{ categoryId: categories.transfer, amount: 100, percentage: true }] });
  await call(api, access, 'POST', 'auto-assignments', { name: 'Income', searchStrings: [PAYROLL, INTEREST], categories: [{ categoryId: categories.pool, amount: 100, percentage: true }] });
  return { accounts, categories };
}

/**
 * Autovacuum's analyze, by hand: the test server runs with `autovacuum = off`, so without it the
 * planner would keep the estimates of empty tables while they grow to a million rows (the bank
 * feed's duplicate lookup then scans every row of the user per chunk: a minute a chunk). As
 * autovacuum does (`autovacuum_analyze_scale_factor` 0.1), the tables are analyzed once the rows
 * written since the last analyze pass a tenth of the rows there were then.
 */
class Autoanalyze {
  private analyzedAt = 0;
  private written = 0;
  /** Time spent in ANALYZE, s (part of the fill's time; autovacuum would spend it beside the writes). */
  seconds = 0;
  constructor(private readonly pool: Pool) {}
  async wrote(rows: number): Promise<void> {
    this.written += rows;
    if (this.written - this.analyzedAt <= 50 + 0.1 * this.analyzedAt) return;
    const started = performance.now();
    await this.pool.query('ANALYZE');
    this.seconds += (performance.now() - started) / 1000;
    this.analyzedAt = this.written;
  }
}

/** Imports `rows` into an account as OFX statements of `STATEMENT_ROWS` rows, in order. */
async function importStatements(api: BenchApi, access: string, accountId: string, label: string, rows: readonly Row[], analyze: Autoanalyze, log: (line: string) => void): Promise<void> {
  for (let from = 0, file = 0; from < rows.length; from += STATEMENT_ROWS, file++) {
    const lines = rows.slice(from, from + STATEMENT_ROWS).map((r, i) => ({ fitid: `${label}-${from + i}`, date: ofxDate(r.date), amount: centsToDecimalString(r.cents), name: r.name }));
    await call(api, access, 'POST', `account/${accountId}/ofx`, bankOfx(lines, '0.00'), { 'content-type': 'application/x-ofx' });
    await analyze.wrote(lines.length);
    if (file % 10 === 9 || from + STATEMENT_ROWS >= rows.length) log(`${label}: ${Math.min(rows.length, from + STATEMENT_ROWS).toLocaleString('en')} of ${rows.length.toLocaleString('en')} rows imported`);
  }
}

/** Days before `DATA_END` whose linked-card rows are still pending at the end; the 16 days before those were pending, then posted. */
const PENDING_DAYS = 14;
const POSTED_LATER_DAYS = 16;

/**
 * Links a card through Plaid (the simulator) and sends its `count` rows as the worker's sync does:
 * `RecordBankFeed` commands of `STATEMENT_ROWS` rows on the API's CommandBus (the worker's
 * `record` port), then a second sync that posts the older pending rows under new ids.
 */
async function linkedCard(
  api: BenchApi,
  pool: Pool,
  user: { userId: string; access: string },
  simulatorUrl: string,
  count: number,
  seed: number,
  log: (line: string) => void,
): Promise<{ accountId: string; pending: number }> {
  const created = await fetch(`${simulatorUrl}/sandbox/public_token/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_id: 'bench', secret: 'bench', institution_id: 'ins_109508', initial_products: ['transactions'], options: { override_accounts: ['credit'], seed: `reports-${seed}` } }),
  });
  const { public_token: publicToken } = (await created.json()) as { public_token?: string };
  if (!created.ok || !publicToken) throw new Error(`/sandbox/public_token/create answered ${created.status}`);
  const linked = await call(api, user.access, 'POST', 'institution', { publicToken, institutionId: 'ins_109508', startDate: DATA_START });
  const { id: institutionId, accounts } = linked.json<{ data: { id: string; accounts: { id: string }[] } }>().data;
  const accountId = accounts[0]!.id;
  const { rows } = await pool.query<{ plaid_account_id: string }>('SELECT plaid_account_id FROM ledger_accounts WHERE user_id = $1 AND id = $2', [user.userId, accountId]);
  const plaidAccountId = rows[0]?.plaid_account_id;
  if (!plaidAccountId) throw new Error(`the linked account ${accountId} has no Plaid account id`);
  const next = random(seed + 13);
  const names = payeeNames(seed);
  const pendingFrom = daysInData - PENDING_DAYS - POSTED_LATER_DAYS;
  const feed: BankFeedRow[] = Array.from({ length: count }, (_, i) => {
    const day = Math.min(daysInData - 1, Math.floor((i * daysInData) / count));
    return {
      plaidAccountId, transactionId: `card-${seed}-${i}`, pendingTransactionId: null, date: dayToDate(day),
      name: names[Math.floor(names.length * Math.pow(next(), 2.2))]!, amountCents: -(100 + Math.floor(Math.pow(next(), 3) * 20_000)), pending: day >= pendingFrom,
      // Plaid's payment channel: most card rows in store, a third online, a few other.
      paymentChannel: i % 3 === 1 ? 'online' : i % 17 === 0 ? 'other' : 'in store',
    };
  });
  const bus = api.app.get(CommandBus);
  const send = async (batch: BankFeedRow[]) => {
    for (let from = 0; from < batch.length; from += STATEMENT_ROWS) await bus.execute(new RecordBankFeed(user.userId, institutionId, batch.slice(from, from + STATEMENT_ROWS), []));
  };
  await send(feed);
  // The next sync: pending rows older than PENDING_DAYS post under new ids that name them, a tip added to one in four.
  const posted = feed
    .filter((r) => r.pending && r.date < dayToDate(daysInData - PENDING_DAYS))
    .map((r, i) => ({ ...r, transactionId: `${r.transactionId}-posted`, pendingTransactionId: r.transactionId, pending: false, amountCents: r.amountCents - (i % 4 === 0 ? 300 : 0) }));
  await send(posted);
  const pending = feed.filter((r) => r.pending).length - posted.length;
  log(`linked card: ${count} rows through RecordBankFeed, ${posted.length} pending rows posted later, ${pending} still pending`);
  return { accountId, pending };
}

/** Fills the data set for an existing user (see the file's head). */
export async function fillDataSet(
  api: BenchApi,
  pool: Pool,
  user: { userId: string; access: string },
  options: { total: number; seed: number; simulatorUrl: string; log: (line: string) => void },
): Promise<FillResult & { accounts: Record<AccountKey | 'linkedCard', string> }> {
  const { total, seed, log } = options;
  const started = performance.now();
  const { accounts, categories } = await openAccounts(api, pool, user.access, user.userId);
  const counts = plan(total);
  const rows = importedRows(total, seed);
  const analyze = new Autoanalyze(pool);
  const imported = rows.checking.length + rows.savings.length + rows.visa.length + rows.carLoan.length;
  // Statements of the accounts in turn, month range by month range, as a user catching up would import them.
  await importStatements(api, user.access, accounts.carLoan, 'loan', rows.carLoan, analyze, log);
  await importStatements(api, user.access, accounts.savings, 'savings', rows.savings, analyze, log);
  const half = (list: Row[]) => [list.slice(0, Math.ceil(list.length / 2)), list.slice(Math.ceil(list.length / 2))] as const;
  const [checkingA, checkingB] = half(rows.checking);
  const [visaA, visaB] = half(rows.visa);
  await importStatements(api, user.access, accounts.checking, 'checking-a', checkingA, analyze, log);
  await importStatements(api, user.access, accounts.visa, 'visa-a', visaA, analyze, log);
  await importStatements(api, user.access, accounts.checking, 'checking-b', checkingB, analyze, log);
  await importStatements(api, user.access, accounts.visa, 'visa-b', visaB, analyze, log);
  const linked = await linkedCard(api, pool, user, options.simulatorUrl, counts.linked, seed, log);
  const importedAt = performance.now();
  log(`${imported.toLocaleString('en')} rows imported and ${counts.linked.toLocaleString('en')} synced in ${((importedAt - started) / 1000).toFixed(0)} s`);

  // Manual entries in the wallet: cash spending over one to three categories; one in ten is cash taken from an ATM (a transfer).
  const next = random(seed + 7);
  const { regular } = categories;
  for (let i = 0; i < counts.manual; i++) {
    const date = dayToDate(Math.floor((i * daysInData) / counts.manual));
    let body: unknown;
    if (i % 10 === 0) body = { date, name: 'Cash from ATM', amount: 40, categories: [{ categoryId: categories.transfer, amount: 40 }] };
    else {
      const parts = 1 + (i % 3);
      const cents = Array.from({ length: parts }, () => 100 + Math.floor(next() * 4_000));
      const splits = cents.map((c, p) => ({ categoryId: regular[(i + p * 5) % regular.length]!.id, amount: -c / 100 }));
      body = { date, name: `Cash ${MERCHANTS[i % MERCHANTS.length]}`, amount: -cents.reduce((a, b) => a + b, 0) / 100, categories: splits };
    }
    await call(api, user.access, 'POST', `account/${accounts.cash}/transactions`, body, { 'idempotency-key': `reports-bench-manual-${seed}-${i}` });
  }
  log(`${counts.manual} manual entries`);

  // A funding a month (the first of the month) from the Funding Pool into twelve categories.
  let fundings = 0;
  for (let month = 0; month < 36; month++) {
    const date = `${2023 + Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, '0')}-01`;
    const lines = regular.slice(0, 12).map((c, i) => ({ categoryId: c.id, amount: 50 + 25 * i, baseAmount: 50 + 25 * i }));
    const sum = lines.reduce((a, l) => a + l.amount, 0);
    await call(api, user.access, 'POST', 'category-transfer', { date, type: 2, categories: [...lines, { categoryId: categories.pool, amount: -sum, funder: true }] });
    fundings += 1;
  }
  // The mortgage's balance a month.
  for (let month = 0; month < 36; month++) {
    const date = `${2023 + Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, '0')}-15`;
    await call(api, user.access, 'POST', `account/${accounts.mortgage}/balances`, { date, amount: -(240_000 - 600 * month) });
  }
  // Deletes: every so many imported card and checking rows (their ids read back; the delete goes through the API).
  const { rows: victims } = await pool.query<{ id: string }>(
    `SELECT id FROM ledger_transactions WHERE user_id = $1 AND account_id = ANY($2::uuid[]) AND type = 0 ORDER BY md5(id::text || $3) LIMIT $4`,
    [user.userId, [accounts.checking, accounts.visa], String(seed), counts.deleted],
  );
  for (const victim of victims) await call(api, user.access, 'DELETE', `transaction/${victim.id}`);
  log(`${fundings} fundings, 36 balance entries, ${victims.length} deletes`);
  const seconds = (performance.now() - started) / 1000;
  const { rows: counted } = await pool.query<{ n: string }>('SELECT count(*) AS n FROM es_events WHERE user_id = $1', [user.userId]);
  return {
    accounts: { ...accounts, linkedCard: linked.accountId },
    transactions: imported + counts.linked + counts.manual,
    imported,
    synced: counts.linked,
    pending: linked.pending,
    manual: counts.manual,
    deleted: victims.length,
    fundings,
    balanceEntries: 36,
    events: Number(counted[0]!.n),
    seconds,
    analyzeSeconds: analyze.seconds,
  };
}
