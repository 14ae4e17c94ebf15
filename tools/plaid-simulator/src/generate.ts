import { createHash } from 'node:crypto';
import { AccountType, TransactionPaymentChannelEnum, TransactionTransactionTypeEnum, type Transaction } from 'plaid';
import type { AccountTemplate, FakeBank } from './banks.js';

/**
 * The generated life of one item: its accounts and a script of changes in stages. Stage 0 is what
 * the first /transactions/sync returns (the history); stages 1..STAGES are the bank's later days,
 * revealed one at a time (POST /simulator/items/{item_id}/advance): pending rows post with another
 * amount (the posted row names the pending one in `pending_transaction_id`, the pending one is
 * removed), new rows arrive, an earlier row is modified, another is removed.
 *
 * Everything derives from (seed, institution, account key, today): the same item created the same
 * way has the same account ids, transaction ids and amounts every time. Amounts follow Plaid's sign
 * convention: positive = money out of the account, negative = money in.
 */
export const STAGES = 3;
export const DEFAULT_DAYS_REQUESTED = 90;
/** Purchases on each stage day (day D_0 of the history included), per account with purchases. */
const FRESH_PER_DAY = 3;

export interface ItemSpec {
  bank: FakeBank;
  accounts: AccountTemplate[];
  seed: string;
  /** The bank's "today" (YYYY-MM-DD): the last stage's day. */
  today: string;
  daysRequested: number;
  /** Makes the first sync hold exactly this many transactions (benchmarks). */
  transactionCount?: number;
}

export interface SimAccount {
  account_id: string;
  template: AccountTemplate;
}

export type ChangeKind = 'added' | 'modified' | 'removed';
export interface Change {
  stage: number;
  kind: ChangeKind;
  transaction: Transaction;
}

export interface GeneratedItem {
  accounts: SimAccount[];
  changes: Change[];
}

// ---------------------------------------------------------------- ids, randomness, days

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** A Plaid-looking id (37 base58 characters) derived from `parts`. */
export function stableId(...parts: string[]): string {
  const digest = createHash('sha256').update(parts.join('|')).digest();
  const more = createHash('sha256').update(digest).digest();
  const bytes = Buffer.concat([digest, more]);
  let id = '';
  for (let i = 0; i < 37; i++) id += ALPHABET[bytes[i]! % ALPHABET.length];
  return id;
}

/** mulberry32 seeded from a string: a small, fast, reproducible generator. */
export function rng(...parts: string[]): () => number {
  let a = createHash('sha256').update(parts.join('|')).digest().readUInt32LE(0);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const between = (random: () => number, min: number, max: number) => min + Math.floor(random() * (max - min + 1));

export const dayNumber = (iso: string) => Math.floor(Date.parse(`${iso}T00:00:00Z`) / 86_400_000);
export const isoDay = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);
const dayOfMonth = (day: number) => new Date(day * 86_400_000).getUTCDate();

// ---------------------------------------------------------------- merchants

interface Merchant {
  name: string;
  merchant: string | null;
  min: number;
  max: number;
  /** How a pending row's amount differs from the posted one: a tip, or a fuel pre-authorisation. */
  pending?: 'tip' | 'preauth';
  category: [string, string];
  channel: TransactionPaymentChannelEnum;
}

const { InStore, Online, Other } = TransactionPaymentChannelEnum;
const MERCHANTS: Merchant[] = [
  { name: 'Starbucks', merchant: 'Starbucks', min: 350, max: 790, pending: 'tip', category: ['FOOD_AND_DRINK', 'FOOD_AND_DRINK_COFFEE'], channel: InStore },
  { name: "McDonald's", merchant: "McDonald's", min: 590, max: 1_450, category: ['FOOD_AND_DRINK', 'FOOD_AND_DRINK_FAST_FOOD'], channel: InStore },
  { name: 'Platypus Pizza', merchant: 'Platypus Pizza', min: 1_800, max: 5_200, pending: 'tip', category: ['FOOD_AND_DRINK', 'FOOD_AND_DRINK_RESTAURANT'], channel: InStore },
  { name: 'Uber 063015 SF**POOL**', merchant: 'Uber', min: 750, max: 3_600, pending: 'tip', category: ['TRANSPORTATION', 'TRANSPORTATION_TAXIS_AND_RIDE_SHARES'], channel: Online },
  { name: 'Whole Foods Market', merchant: 'Whole Foods Market', min: 2_400, max: 16_800, category: ['FOOD_AND_DRINK', 'FOOD_AND_DRINK_GROCERIES'], channel: InStore },
  { name: 'Trader Joes #552', merchant: "Trader Joe's", min: 1_900, max: 9_800, category: ['FOOD_AND_DRINK', 'FOOD_AND_DRINK_GROCERIES'], channel: InStore },
  { name: 'Shell Oil 57444', merchant: 'Shell', min: 2_600, max: 6_400, pending: 'preauth', category: ['TRANSPORTATION', 'TRANSPORTATION_GAS'], channel: InStore },
  { name: 'AMZN Mktp US*2K4LL0', merchant: 'Amazon', min: 999, max: 8_999, category: ['GENERAL_MERCHANDISE', 'GENERAL_MERCHANDISE_ONLINE_MARKETPLACES'], channel: Online },
  { name: 'Touchstone Climbing', merchant: 'Touchstone Climbing', min: 2_000, max: 8_500, category: ['ENTERTAINMENT', 'ENTERTAINMENT_SPORTING_EVENTS_AMUSEMENT_PARKS_AND_MUSEUMS'], channel: InStore },
  { name: 'SparkFun Electronics', merchant: 'SparkFun', min: 1_250, max: 12_000, category: ['GENERAL_MERCHANDISE', 'GENERAL_MERCHANDISE_ELECTRONICS'], channel: Online },
  { name: 'Netflix.com', merchant: 'Netflix', min: 1_549, max: 1_549, category: ['ENTERTAINMENT', 'ENTERTAINMENT_TV_AND_MOVIES'], channel: Online },
  { name: 'CVS/Pharmacy #1043', merchant: 'CVS', min: 450, max: 4_200, category: ['MEDICAL', 'MEDICAL_PHARMACIES_AND_SUPPLEMENTS'], channel: InStore },
  { name: 'United Airlines', merchant: 'United Airlines', min: 18_900, max: 64_000, category: ['TRAVEL', 'TRAVEL_FLIGHTS'], channel: Online },
];

// ---------------------------------------------------------------- rows

/** A transaction as the bank sees it, before it is cut into pending/posted Plaid rows. */
interface Row {
  key: string;
  day: number;
  name: string;
  merchant: string | null;
  /** The posted amount in cents (Plaid's sign). */
  cents: number;
  /** The pending amount when it differs; undefined for rows that never show as pending. */
  pendingCents?: number;
  category: [string, string];
  channel: TransactionPaymentChannelEnum;
}

function purchase(random: () => number, key: string, day: number, merchant: Merchant): Row {
  const cents = between(random, merchant.min, merchant.max);
  const row: Row = { key, day, name: merchant.name, merchant: merchant.merchant, cents, category: merchant.category, channel: merchant.channel };
  if (merchant.pending === 'tip') row.cents = cents + Math.round((cents * between(random, 15, 22)) / 100);
  if (merchant.pending) row.pendingCents = merchant.pending === 'tip' ? cents : 100;
  return row;
}

/** Monthly amount both sides of a transfer agree on (checking → card payment, checking → savings). */
const monthly = (what: string, seed: string, bankId: string, day: number, min: number, max: number) =>
  between(rng(seed, bankId, what, new Date(day * 86_400_000).toISOString().slice(0, 7)), min, max);

function recurringRows(spec: ItemSpec, template: AccountTemplate, start: number, end: number): Row[] {
  const rows: Row[] = [];
  const id = spec.bank.institution.institution_id;
  const other = (name: string, cents: number, day: number, category: [string, string], key: string) =>
    rows.push({ key, day, name, merchant: null, cents, category, channel: Other });
  for (let day = start; day <= end; day++) {
    const dom = dayOfMonth(day);
    const tag = `${isoDay(day)}`;
    switch (template.key) {
      case 'checking':
        if ((day - start) % 14 === 3) other('PAYROLL PLATYPUS WIDGETS INC', -312_500, day, ['INCOME', 'INCOME_WAGES'], `payroll-${tag}`);
        if (dom === 1) other('Rent - Billabong Property Mgmt', 145_000, day, ['RENT_AND_UTILITIES', 'RENT_AND_UTILITIES_RENT'], `rent-${tag}`);
        if (dom === 15) other('Gingham Gas & Electric', monthly('utility', spec.seed, id, day, 6_200, 12_900), day, ['RENT_AND_UTILITIES', 'RENT_AND_UTILITIES_GAS_AND_ELECTRICITY'], `utility-${tag}`);
        if (dom === 20) other('Transfer to Saving', 20_000, day, ['TRANSFER_OUT', 'TRANSFER_OUT_SAVINGS'], `to-savings-${tag}`);
        if (dom === 25) other('Credit Card Payment - Thank You', monthly('card', spec.seed, id, day, 160_000, 220_000), day, ['LOAN_PAYMENTS', 'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT'], `card-payment-${tag}`);
        break;
      case 'savings':
        if (dom === 20) other('Transfer from Checking', -20_000, day, ['TRANSFER_IN', 'TRANSFER_IN_SAVINGS'], `from-checking-${tag}`);
        if (dom === 28) other('Interest Paid', -monthly('interest', spec.seed, id, day, 90, 140), day, ['INCOME', 'INCOME_INTEREST_EARNED'], `interest-${tag}`);
        break;
      case 'credit':
        if (dom === 25) other('Payment - Thank You', -monthly('card', spec.seed, id, day, 160_000, 220_000), day, ['LOAN_PAYMENTS', 'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT'], `payment-${tag}`);
        break;
      case 'student-loan':
        if (dom === 5) other('Student Loan Payment', -38_500, day, ['LOAN_PAYMENTS', 'LOAN_PAYMENTS_STUDENT_LOAN_PAYMENT'], `payment-${tag}`);
        break;
      case 'mortgage':
        if (dom === 3) other('Mortgage Payment', -182_300, day, ['LOAN_PAYMENTS', 'LOAN_PAYMENTS_MORTGAGE_PAYMENT'], `payment-${tag}`);
        break;
      default:
        break; // investment accounts: holdings, not transactions
    }
  }
  return rows;
}

// ---------------------------------------------------------------- the item

export function generateItem(spec: ItemSpec): GeneratedItem {
  const bankId = spec.bank.institution.institution_id;
  const today = dayNumber(spec.today);
  const stageDay = (stage: number) => today - (STAGES - stage);
  const start = today - spec.daysRequested + 1;
  const stageOf = (day: number) => (day <= stageDay(0) ? 0 : day - stageDay(0));

  const accounts: SimAccount[] = spec.accounts.map((template) => ({ account_id: stableId(spec.seed, bankId, template.key, 'account'), template }));
  const recurring = new Map(accounts.map((a) => [a.template.key, recurringRows(spec, a.template, start, today)]));
  const buyers = accounts.filter((a) => a.template.purchases > 0);

  // History purchases before day D_0, so the first sync holds them posted; `transactionCount` sets their number.
  const historyPurchases = new Map(buyers.map((a) => [a.template.key, a.template.purchases]));
  if (spec.transactionCount !== undefined) {
    const fixed = [...recurring.values()].flat().filter((r) => r.day <= stageDay(0)).length + FRESH_PER_DAY * buyers.length;
    const budget = Math.max(0, spec.transactionCount - fixed);
    const weight = buyers.reduce((sum, a) => sum + a.template.purchases, 0);
    let given = 0;
    buyers.forEach((a, i) => {
      const share = i === buyers.length - 1 ? budget - given : Math.floor((budget * a.template.purchases) / weight);
      given += share;
      historyPurchases.set(a.template.key, share);
    });
  }

  const changes: Change[] = [];
  for (const account of accounts) {
    const key = account.template.key;
    const random = rng(spec.seed, bankId, key, 'purchases');
    const rows = [...(recurring.get(key) ?? [])];
    const count = historyPurchases.get(key) ?? 0;
    for (let n = 0; n < count; n++) {
      const day = between(random, start, stageDay(0) - 1);
      rows.push(purchase(random, `p${n}`, day, MERCHANTS[between(random, 0, MERCHANTS.length - 1)]!));
    }
    if (account.template.purchases > 0) {
      for (let stage = 0; stage <= STAGES; stage++) {
        for (let n = 0; n < FRESH_PER_DAY; n++) {
          // The first purchase of each day is a restaurant bill: pending now, posted with the tip later.
          const merchant = n === 0 ? MERCHANTS[2]! : MERCHANTS[between(random, 0, MERCHANTS.length - 1)]!;
          rows.push(purchase(random, `s${stage}-${n}`, stageDay(stage), merchant));
        }
      }
    }
    rows.sort((a, b) => a.day - b.day || a.key.localeCompare(b.key));

    const make = (row: Row, id: string, pending: boolean, cents: number, day: number, pendingId: string | null): Transaction =>
      plaidTransaction({ account, row, id, pending, cents, date: isoDay(day), authorized: isoDay(row.day), pendingId });
    const posted: Transaction[] = [];
    for (const row of rows) {
      const id = stableId(spec.seed, bankId, key, row.key);
      const shown = stageOf(row.day);
      const postsAt = row.day + 1 <= today ? stageOf(row.day + 1) : undefined;
      if (row.pendingCents === undefined || postsAt === shown) {
        const t = make(row, id, false, row.cents, row.day, null);
        changes.push({ stage: shown, kind: 'added', transaction: t });
        if (shown === 0 && !row.key.startsWith('s')) posted.push(t);
        continue;
      }
      const pending = make(row, id, true, row.pendingCents, row.day, null);
      changes.push({ stage: shown, kind: 'added', transaction: pending });
      if (postsAt === undefined) continue;
      changes.push({ stage: postsAt, kind: 'removed', transaction: pending });
      changes.push({ stage: postsAt, kind: 'added', transaction: make(row, stableId(spec.seed, bankId, key, row.key, 'posted'), false, row.cents, row.day + 1, id) });
    }
    changes.push(...laterCorrections(spec, key, posted));
  }
  const order: Record<ChangeKind, number> = { removed: 0, added: 1, modified: 2 };
  changes.sort((a, b) => a.stage - b.stage || order[a.kind] - order[b.kind] || a.transaction.date.localeCompare(b.transaction.date));
  return { accounts, changes };
}

/**
 * What the bank corrects later in an account with purchases: stage 1 renames a history row (the
 * enriched merchant name), stage 2 changes a row's amount and removes another, stage 3 removes one more.
 */
function laterCorrections(spec: ItemSpec, key: string, posted: Transaction[]): Change[] {
  const purchases = posted.filter((t) => t.merchant_name);
  if (purchases.length < 8) return [];
  const random = rng(spec.seed, spec.bank.institution.institution_id, key, 'corrections');
  const picks = new Set<number>();
  while (picks.size < 4) picks.add(between(random, 0, purchases.length - 1));
  const [renamed, repriced, removedA, removedB] = [...picks].map((i) => purchases[i]!);
  return [
    { stage: 1, kind: 'modified', transaction: { ...renamed!, name: `${renamed!.merchant_name} (updated)` } },
    { stage: 2, kind: 'modified', transaction: { ...repriced!, amount: cents(Math.round(repriced!.amount * 100) + 137) } },
    { stage: 2, kind: 'removed', transaction: removedA! },
    { stage: 3, kind: 'removed', transaction: removedB! },
  ];
}

/** Plaid amounts are JSON numbers with two decimals; cents / 100 prints exactly that. */
export const cents = (value: number) => value / 100;

interface RowOut {
  account: SimAccount;
  row: Pick<Row, 'name' | 'merchant' | 'category' | 'channel'>;
  id: string;
  pending: boolean;
  cents: number;
  date: string;
  authorized: string;
  pendingId: string | null;
}

export function plaidTransaction({ account, row, id, pending, cents: amount, date, authorized, pendingId }: RowOut): Transaction {
  const [primary, detailed] = row.category;
  return {
    account_id: account.account_id,
    amount: cents(amount),
    iso_currency_code: 'USD',
    unofficial_currency_code: null,
    category: null,
    category_id: null,
    check_number: null,
    date,
    location: { address: null, city: null, region: null, postal_code: null, country: null, lat: null, lon: null, store_number: null },
    name: row.name,
    merchant_name: row.merchant,
    original_description: null,
    payment_meta: { reference_number: null, ppd_id: null, payee: null, by_order_of: null, payer: null, payment_method: null, payment_processor: null, reason: null },
    pending,
    pending_transaction_id: pendingId,
    account_owner: null,
    transaction_id: id,
    transaction_type: row.merchant ? (row.channel === Online ? TransactionTransactionTypeEnum.Digital : TransactionTransactionTypeEnum.Place) : TransactionTransactionTypeEnum.Special,
    logo_url: null,
    website: null,
    authorized_date: authorized,
    authorized_datetime: null,
    datetime: null,
    payment_channel: row.channel,
    personal_finance_category: { primary, detailed, confidence_level: 'VERY_HIGH' },
    transaction_code: null,
    counterparties: [],
    merchant_entity_id: null,
  };
}

/** Accounts whose transactions Plaid's /transactions/sync reports (not investment holdings). */
export const hasTransactions = (template: AccountTemplate) => template.type !== AccountType.Investment;
