import { randomUUID } from 'node:crypto';
import {
  AccountType,
  ItemUpdateTypeEnum,
  ItemWithConsentFieldsUpdateTypeEnum,
  Products,
  TransactionPaymentChannelEnum,
  TransactionsUpdateStatus,
  type AccountBase,
  type AccountsGetResponse,
  type CustomSandboxTransaction,
  type Item,
  type ItemGetResponse,
  type Transaction,
  type TransactionsSyncResponse,
} from 'plaid';
import { BANKS, findBank, type FakeBank } from './banks.js';
import { DEFAULT_DAYS_REQUESTED, STAGES, cents, dayNumber, generateItem, hasTransactions, isoDay, plaidTransaction, stableId, type Change, type SimAccount } from './generate.js';
import { plaidError } from './errors.js';

/** One linked item: its generated script, what of it the bank has revealed, and its state. */
export interface SimItem {
  item_id: string;
  access_token: string | null;
  bank: FakeBank;
  seed: string;
  accounts: SimAccount[];
  /** The whole script; `visible` holds what the bank has shown so far, in order (cursors index it). */
  script: Change[];
  stage: number;
  visible: Change[];
  customCount: number;
  products: Products[];
  webhook: string | null;
  loginRequired: boolean;
  createdAt: string;
  /** How it was made and what happened to it since, in order: enough to rebuild it after a restart. */
  options: CreateItemOptions;
  today: string;
  history: ItemEvent[];
}

export type ItemEvent = { advance: true } | { custom: CustomSandboxTransaction[] } | { control: ControlTransaction[] };

/**
 * A row a test (or a person trying the product) puts on a chosen account of an item through the
 * control API (`POST /simulator/items/{item_id}/transactions`): like /sandbox/transactions/create,
 * but by item id (no access token), on any account, posted or pending, and able to post a pending
 * row (`pending_transaction_id`) at another amount — Plaid then removes the pending row.
 */
export interface ControlTransaction {
  /** The account's id or key (GET /simulator/items lists both). */
  account_id: string;
  /** Plaid's sign: positive is money out. */
  amount: number;
  description: string;
  /** YYYY-MM-DD; default the bank's today. */
  date?: string;
  pending?: boolean;
  /** The pending row this posted row replaces (it is removed in the same change). */
  pending_transaction_id?: string | null;
}

/** What the state file holds (`stateFile`): every item as made and changed, and the unused public tokens. */
export interface SavedState {
  version: 1;
  items: (Pick<SimItem, 'item_id' | 'access_token' | 'options' | 'today' | 'history' | 'webhook' | 'loginRequired' | 'createdAt'>)[];
  publicTokens: [string, string][];
}

/** Options of /sandbox/public_token/create the simulator reads (Plaid's own plus its extensions). */
export interface CreateItemOptions {
  institution_id: string;
  initial_products: Products[];
  webhook?: string | null;
  /** Simulator extension: account keys (see GET /simulator/institutions) or account ids to link; default all. */
  override_accounts?: string[];
  /** Simulator extension: another seed gives other ids and amounts; default 'default'. */
  seed?: string;
  /** Simulator extension: the first sync holds exactly this many transactions (benchmarks). */
  transaction_count?: number;
  days_requested?: number;
}

export interface SimulatorConfig {
  /** The bank's "today" (YYYY-MM-DD); default: the current UTC date when the simulator starts. */
  today: string;
}

const DEFAULT_COUNT = 100;
const MAX_COUNT = 500;

/** State and behaviour of the simulated Plaid; the HTTP layer (server.ts) only parses and answers. */
export class Simulator {
  private items = new Map<string, SimItem>();
  private byAccessToken = new Map<string, SimItem>();
  private publicTokens = new Map<string, string>();
  readonly linkTokens = new Map<string, { access_token: string | null; webhook: string | null; products: Products[] }>();

  constructor(readonly config: SimulatorConfig) {}

  reset(): void {
    this.items.clear();
    this.byAccessToken.clear();
    this.publicTokens.clear();
    this.linkTokens.clear();
  }

  institutions() {
    return BANKS.map((b) => ({
      ...b.institution,
      accounts: b.accounts.map((a) => ({
        key: a.key,
        account_id: stableId('default', b.institution.institution_id, a.key, 'account'),
        name: a.name,
        official_name: a.officialName,
        mask: a.mask,
        type: a.type,
        subtype: a.subtype,
      })),
      simulator: { transactions_in_first_sync_approx: b.accounts.reduce((n, a) => n + a.purchases, 0) },
    }));
  }

  bank(institutionId: string): FakeBank {
    const bank = findBank(institutionId);
    if (!bank) throw plaidError('INVALID_INSTITUTION', '', institutionId);
    return bank;
  }

  /** /sandbox/public_token/create: makes the item, answers its public token. */
  createPublicToken(options: CreateItemOptions): string {
    const item = this.createItem(options, this.config.today, stableId(randomUUID(), 'item'));
    const token = `public-sandbox-${randomUUID()}`;
    this.publicTokens.set(token, item.item_id);
    return token;
  }

  private createItem(options: CreateItemOptions, today: string, itemId: string): SimItem {
    const bank = this.bank(options.institution_id);
    const seed = options.seed ?? 'default';
    const wanted = options.override_accounts;
    const templates = wanted?.length
      ? bank.accounts.filter((a) => wanted.includes(a.key) || wanted.includes(stableId(seed, bank.institution.institution_id, a.key, 'account')))
      : bank.accounts;
    if (templates.length === 0) throw plaidError('INVALID_FIELD', '', 'override_accounts matches no account of this institution');
    const days = options.days_requested ?? DEFAULT_DAYS_REQUESTED;
    if (!Number.isInteger(days) || days < 7 || days > 730) throw plaidError('INVALID_FIELD', '', 'days_requested must be an integer from 7 to 730');
    const count = options.transaction_count;
    if (count !== undefined && (!Number.isInteger(count) || count < 0 || count > 100_000)) {
      throw plaidError('INVALID_FIELD', '', 'transaction_count must be an integer from 0 to 100000');
    }
    const generated = generateItem({ bank, accounts: templates, seed, today, daysRequested: days, transactionCount: count });
    const item: SimItem = {
      item_id: itemId,
      access_token: null,
      bank,
      seed,
      accounts: generated.accounts,
      script: generated.changes,
      stage: 0,
      visible: generated.changes.filter((c) => c.stage === 0),
      customCount: 0,
      products: options.initial_products,
      webhook: options.webhook ?? null,
      loginRequired: false,
      createdAt: new Date().toISOString(),
      options,
      today,
      history: [],
    };
    this.items.set(item.item_id, item);
    return item;
  }

  /** The state to save: items as made plus their history (the generated data is made again on load). */
  save(): SavedState {
    return {
      version: 1,
      items: [...this.items.values()].map(({ item_id, access_token, options, today, history, webhook, loginRequired, createdAt }) => ({
        item_id,
        access_token,
        options,
        today,
        history,
        webhook,
        loginRequired,
        createdAt,
      })),
      publicTokens: [...this.publicTokens],
    };
  }

  /** Rebuilds the items of a saved state: same ids, same visible changes, so stored cursors and tokens keep working. */
  load(state: SavedState): void {
    if (state.version !== 1) throw new Error(`unknown simulator state version ${String(state.version)}`);
    this.reset();
    for (const saved of state.items) {
      const item = this.createItem(saved.options, saved.today, saved.item_id);
      for (const event of saved.history) {
        if ('advance' in event) this.advance(item);
        else if ('control' in event) this.addControl(item, event.control);
        else this.addCustom(item, event.custom);
      }
      Object.assign(item, { access_token: saved.access_token, webhook: saved.webhook, loginRequired: saved.loginRequired, createdAt: saved.createdAt });
      if (item.access_token) this.byAccessToken.set(item.access_token, item);
    }
    for (const [token, itemId] of state.publicTokens) if (this.items.has(itemId)) this.publicTokens.set(token, itemId);
  }

  /** /item/public_token/exchange: public tokens are single-use, as in Plaid. */
  exchange(publicToken: string): { access_token: string; item_id: string } {
    const itemId = this.publicTokens.get(publicToken);
    const item = itemId ? this.items.get(itemId) : undefined;
    if (!item) throw plaidError('INVALID_PUBLIC_TOKEN');
    this.publicTokens.delete(publicToken);
    item.access_token = `access-sandbox-${randomUUID()}`;
    this.byAccessToken.set(item.access_token, item);
    return { access_token: item.access_token, item_id: item.item_id };
  }

  itemByToken(accessToken: unknown): SimItem {
    const item = typeof accessToken === 'string' ? this.byAccessToken.get(accessToken) : undefined;
    if (!item) throw plaidError('INVALID_ACCESS_TOKEN');
    return item;
  }

  /** GET /simulator/items: what each item is and where its bank stands (no access tokens). */
  describeItems() {
    return [...this.items.values()].map((item) => ({
      item_id: item.item_id,
      institution_id: item.bank.institution.institution_id,
      seed: item.seed,
      accounts: item.accounts.map((a) => ({ account_id: a.account_id, key: a.template.key })),
      stage: item.stage,
      stages: STAGES,
      changes_visible: item.visible.length,
      login_required: item.loginRequired,
      exchanged: item.access_token !== null,
      webhook: item.webhook,
    }));
  }

  itemById(itemId: string): SimItem | undefined {
    return this.items.get(itemId);
  }

  removeItem(item: SimItem): void {
    this.items.delete(item.item_id);
    if (item.access_token) this.byAccessToken.delete(item.access_token);
  }

  /** Endpoints that read the bank answer ITEM_LOGIN_REQUIRED until the item is relinked (update mode). */
  requireLogin(item: SimItem): void {
    if (item.loginRequired) throw plaidError('ITEM_LOGIN_REQUIRED');
  }

  plaidItem(item: SimItem): Item {
    const products = [...new Set([...item.products, Products.Transactions])];
    return {
      item_id: item.item_id,
      institution_id: item.bank.institution.institution_id,
      institution_name: item.bank.institution.name,
      webhook: item.webhook,
      auth_method: null,
      error: item.loginRequired ? { ...plaidError('ITEM_LOGIN_REQUIRED').body } : null,
      available_products: [Products.Balance, Products.Auth].filter((p) => !products.includes(p)),
      billed_products: products,
      products,
      consented_products: products,
      consent_expiration_time: null,
      update_type: ItemUpdateTypeEnum.Background,
    };
  }

  itemGet(item: SimItem): Omit<ItemGetResponse, 'request_id'> {
    const lastSync = new Date().toISOString();
    return {
      item: { ...this.plaidItem(item), update_type: ItemWithConsentFieldsUpdateTypeEnum.Background, created_at: item.createdAt },
      status: { transactions: { last_successful_update: lastSync, last_failed_update: null }, investments: null, last_webhook: null },
    };
  }

  /** Balances follow the visible transactions: depository current = opening − posted; credit and loans owe opening + posted. */
  plaidAccounts(item: SimItem, accountIds?: string[]): AccountBase[] {
    const live = this.liveTransactions(item);
    return item.accounts
      .filter((a) => !accountIds || accountIds.includes(a.account_id))
      .map(({ account_id, template }) => {
        let posted = 0;
        let pending = 0;
        for (const t of live.values()) {
          if (t.account_id !== account_id) continue;
          const c = Math.round(t.amount * 100);
          if (t.pending) pending += c;
          else posted += c;
        }
        const depository = template.type === AccountType.Depository;
        const current = depository ? template.openingCents - posted : template.type === AccountType.Investment ? template.openingCents : template.openingCents + posted;
        const available = depository ? current - pending : template.limitCents !== undefined ? template.limitCents - current - pending : null;
        return {
          account_id,
          balances: {
            available: available === null ? null : cents(available),
            current: cents(current),
            limit: template.limitCents !== undefined ? cents(template.limitCents) : null,
            iso_currency_code: 'USD',
            unofficial_currency_code: null,
          },
          mask: template.mask,
          name: template.name,
          official_name: template.officialName,
          type: template.type,
          subtype: template.subtype,
          persistent_account_id: stableId(item.seed, item.bank.institution.institution_id, template.key, 'persistent'),
        };
      });
  }

  accountsGet(item: SimItem, accountIds?: string[]): Omit<AccountsGetResponse, 'request_id'> {
    this.requireLogin(item);
    return { accounts: this.plaidAccounts(item, accountIds), item: this.plaidItem(item) };
  }

  /** The transactions as a client that applied every visible change holds them. */
  private liveTransactions(item: SimItem): Map<string, Transaction> {
    const live = new Map<string, Transaction>();
    for (const change of item.visible) {
      if (change.kind === 'removed') live.delete(change.transaction.transaction_id);
      else live.set(change.transaction.transaction_id, change.transaction);
    }
    return live;
  }

  /**
   * /transactions/sync. The cursor is `position:end`: the next change to send and where the
   * current pagination stops. A cursor taken mid-pagination (position < end) after the bank
   * showed more changes answers TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION, as Plaid does;
   * restarting from the cursor that began the pagination works.
   */
  sync(item: SimItem, cursor: unknown, count: unknown): Omit<TransactionsSyncResponse, 'request_id'> {
    this.requireLogin(item);
    const size = count === undefined || count === null ? DEFAULT_COUNT : count;
    if (typeof size !== 'number' || !Number.isInteger(size) || size < 1 || size > MAX_COUNT) {
      throw plaidError('INVALID_FIELD', '', `count must be an integer from 1 to ${MAX_COUNT}`);
    }
    let position = 0;
    let end = item.visible.length;
    if (typeof cursor === 'string' && cursor !== '') {
      const parsed = parseCursor(cursor);
      if (!parsed || parsed.end > item.visible.length || parsed.position > parsed.end) throw plaidError('INVALID_FIELD', '', 'cursor');
      position = parsed.position;
      if (parsed.position < parsed.end) {
        if (item.visible.length !== parsed.end) throw plaidError('TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION');
        end = parsed.end;
      }
    } else if (cursor !== undefined && cursor !== null && cursor !== '') {
      throw plaidError('INVALID_FIELD', '', 'cursor must be a string');
    }
    const page = item.visible.slice(position, Math.min(position + size, end));
    const next = position + page.length;
    const hasMore = next < end;
    const pick = (kind: Change['kind']) => page.filter((c) => c.kind === kind).map((c) => c.transaction);
    return {
      transactions_update_status: TransactionsUpdateStatus.HistoricalUpdateComplete,
      accounts: this.plaidAccounts(item),
      added: pick('added'),
      modified: pick('modified'),
      removed: pick('removed').map((t) => ({ transaction_id: t.transaction_id, account_id: t.account_id })),
      next_cursor: formatCursor(next, hasMore ? end : next),
      has_more: hasMore,
    };
  }

  /** Reveals the bank's next day of the script; false when the script is played out. */
  advance(item: SimItem): boolean {
    if (item.stage >= STAGES) return false;
    item.stage += 1;
    item.visible.push(...item.script.filter((c) => c.stage === item.stage));
    item.history.push({ advance: true });
    return true;
  }

  /**
   * The control API's rows (`ControlTransaction`): checked whole before any is shown, then visible at
   * once, each with a stable id (the item's seed, the account and a counter), so a restored state
   * gives them the same ids. Answers the rows as Plaid will list them.
   */
  addControl(item: SimItem, transactions: ControlTransaction[]): Transaction[] {
    const invalid = (message: string) => Object.assign(new Error(message), { invalid: true });
    const live = this.liveTransactions(item);
    const rows = transactions.map((t, i) => {
      if (!t || typeof t !== 'object') throw invalid(`transactions[${i}] must be an object`);
      const account = item.accounts.find((a) => a.account_id === t.account_id || a.template.key === t.account_id);
      if (!account) throw invalid(`transactions[${i}].account_id is not an account of this item`);
      if (typeof t.description !== 'string' || t.description.trim() === '') throw invalid(`transactions[${i}].description is required`);
      if (typeof t.amount !== 'number' || !Number.isFinite(t.amount) || Math.round(t.amount * 100) === 0) throw invalid(`transactions[${i}].amount must be a non-zero number`);
      const date = t.date ?? item.today;
      if (typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(dayNumber(date))) throw invalid(`transactions[${i}].date must be YYYY-MM-DD`);
      const pendingId = t.pending_transaction_id ?? null;
      if (pendingId !== null) {
        const replaced = live.get(pendingId);
        if (!replaced || !replaced.pending || replaced.account_id !== account.account_id) throw invalid(`transactions[${i}].pending_transaction_id is not a pending row of that account`);
        if (t.pending) throw invalid(`transactions[${i}] posts a pending row, so it cannot be pending itself`);
      }
      return { t, account, date, pendingId };
    });
    item.history.push({ control: transactions.map((t) => ({ ...t })) });
    return rows.map(({ t, account, date, pendingId }) => {
      const n = item.customCount++;
      const transaction = plaidTransaction({
        account,
        row: { name: t.description, merchant: null, category: ['GENERAL_MERCHANDISE', 'GENERAL_MERCHANDISE_OTHER_GENERAL_MERCHANDISE'], channel: TransactionPaymentChannelEnum.Other },
        id: stableId(item.seed, item.bank.institution.institution_id, account.template.key, 'control', String(n)),
        pending: t.pending === true,
        cents: Math.round(t.amount * 100),
        date,
        authorized: date,
        pendingId,
      });
      if (pendingId !== null) item.visible.push({ stage: item.stage, kind: 'removed', transaction: live.get(pendingId)! });
      item.visible.push({ stage: item.stage, kind: 'added', transaction });
      return transaction;
    });
  }

  /** /sandbox/transactions/create: posted rows on the item's first account with transactions, shown at once. */
  addCustom(item: SimItem, transactions: CustomSandboxTransaction[]): void {
    const account = item.accounts.find((a) => a.template.type === AccountType.Depository) ?? item.accounts.find((a) => hasTransactions(a.template));
    if (!account) throw plaidError('INVALID_FIELD', '', 'the item has no account with transactions');
    const rows = transactions.map((t, i) => {
      if (!t || typeof t.description !== 'string' || !t.description) throw plaidError('INVALID_FIELD', '', `transactions[${i}].description`);
      if (typeof t.amount !== 'number' || !Number.isFinite(t.amount)) throw plaidError('INVALID_FIELD', '', `transactions[${i}].amount`);
      for (const field of ['date_posted', 'date_transacted'] as const) {
        if (typeof t[field] !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(t[field]) || Number.isNaN(dayNumber(t[field]))) {
          throw plaidError('INVALID_FIELD', '', `transactions[${i}].${field} must be YYYY-MM-DD`);
        }
      }
      return t;
    });
    item.history.push({ custom: rows.map(({ date_transacted, date_posted, amount, description, iso_currency_code }) => ({ date_transacted, date_posted, amount, description, iso_currency_code })) });
    for (const t of rows) {
      const n = item.customCount++;
      const transaction = plaidTransaction({
        account,
        row: { name: t.description, merchant: null, category: ['GENERAL_MERCHANDISE', 'GENERAL_MERCHANDISE_OTHER_GENERAL_MERCHANDISE'], channel: TransactionPaymentChannelEnum.Other },
        id: stableId(item.seed, item.bank.institution.institution_id, account.template.key, 'custom', String(n)),
        pending: false,
        cents: Math.round(t.amount * 100),
        date: isoDay(dayNumber(t.date_posted)),
        authorized: isoDay(dayNumber(t.date_transacted)),
        pendingId: null,
      });
      item.visible.push({ stage: item.stage, kind: 'added', transaction: { ...transaction, iso_currency_code: t.iso_currency_code ?? 'USD' } });
    }
  }
}

function formatCursor(position: number, end: number): string {
  return Buffer.from(`v1:${position}:${end}`).toString('base64url');
}

function parseCursor(cursor: string): { position: number; end: number } | undefined {
  const match = /^v1:(\d+):(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  return match ? { position: Number(match[1]), end: Number(match[2]) } : undefined;
}
