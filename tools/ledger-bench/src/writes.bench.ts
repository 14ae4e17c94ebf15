import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { createTestDatabase } from '@budget/platform/testing';
import { startBenchApi } from './bench-api.js';
import { fillAccount } from './fill.js';
import { measureInterleaved, percentile } from './measure/timing.js';
import { restorePendingLists } from './search/trigram-indexes.js';
import { seedUser } from './seed-user.js';

/**
 * Writes through the whole API (app.inject: guards, the contract pipe, the command bus, the
 * decider, the append, the inline projection, the answer read from the read models), on a fresh
 * database, projected as `npm start` runs it:
 * - POST /account/{id}/transactions (a one-split manual transaction),
 * - POST /category-transfer type 2 (a funding from the Funding Pool to one category),
 * - POST /category-transfer type 3 (a rebalance between two categories).
 * Interleaved, so drift on a shared machine falls on all alike. With `--transactions N` the budget
 * first holds N transactions, imported into its account by 5,000-row OFX files through the API (the
 * real path, as `bench:projection` fills it), so that the cost of a write can be compared at any
 * budget size. `--explain` measures nothing: it runs a few writes of each kind with `auto_explain`
 * (EXPLAIN ANALYZE of every statement, nested ones included) and prints the plans of the last
 * funding's and rebalance's statements. Run:
 * `--gin-fastupdate on` gives the search's trigram indexes GIN's pending list back (as before
 * ledger-029), to measure what writing into the index's tree costs a write.
 * `--without-letters-index` drops ledger-030's index of the names' letters and letter pairs, to measure
 * what keeping it costs a write.
 * `--timeline` measures no percentiles either: after the warm-up it runs 31 writes of each kind and
 * prints, for each statement the app sends, when it left and when its answer came, counted from the
 * request's start (medians), then when the request was answered: where a write's time goes.
 * `npm run bench:writes -- [--transactions 100000] [--iterations 300] [--warmup 30] [--explain] [--timeline] [--gin-fastupdate on] [--without-letters-index]`.
 */
const argument = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`--${name} must be a whole number`);
  return value;
};
const iterations = argument('iterations', 300);
const warmup = argument('warmup', 30);
const transactions = argument('transactions', 0);
const explain = process.argv.includes('--explain');
// `--gin-fastupdate on`: the search's trigram indexes with GIN's pending list, as before ledger-029.
const ginFastUpdate = process.argv.includes('--gin-fastupdate') ? process.argv[process.argv.indexOf('--gin-fastupdate') + 1] : 'off';
if (ginFastUpdate !== 'on' && ginFastUpdate !== 'off') throw new Error('--gin-fastupdate takes on or off');
const withoutLettersIndex = process.argv.includes('--without-letters-index');
const timeline = process.argv.includes('--timeline');
const TIMELINE_RUNS = 31;

const database = await createTestDatabase('write_bench');
const plans: string[] = [];
if (explain) {
  // Before the pool's first connection, so every session of the API loads auto_explain; its plans
  // come back to the client as NOTICEs (the server's log is not readable here).
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  const settings = [
    `session_preload_libraries = 'auto_explain'`, `auto_explain.log_min_duration = 0`, `auto_explain.log_analyze = on`,
    `auto_explain.log_buffers = on`, `auto_explain.log_nested_statements = on`, `auto_explain.log_level = 'notice'`,
  ];
  // Constant settings of this file; the database name is made of [a-z0-9_] by createTestDatabase.
  for (const setting of settings) await admin.query(`ALTER DATABASE ${pg.escapeIdentifier(database.name)} SET ${setting}`);
  await admin.end();
  database.pool.on('connect', (client) => client.on('notice', (notice) => plans.push(notice.message ?? '')));
}
const statements = timeline ? traceStatements(database.pool) : null;
const api = await startBenchApi(database.url, database.pool);
try {
  const user = await seedUser(api, database.pool);
  const [accountId] = user.target.accountIds;
  const [first, second] = user.target.categoryIds;
  const filled = await fillAccount(api, user, accountId!, transactions, 'filling the budget');
  if (ginFastUpdate === 'on') await restorePendingLists(database.pool);
  if (withoutLettersIndex) await database.pool.query('DROP INDEX ledger_transactions_user_name_grams');
  if (transactions > 0) await database.pool.query('VACUUM (ANALYZE)');
  const { rows } = await database.pool.query<{ id: string }>(
    `SELECT id FROM budget_categories WHERE user_id = $1 AND type = 'FUNDING POOL'`,
    [user.target.userId],
  );
  const pool = rows[0]!.id;
  let day = 0;
  const nextDate = () => new Date(Date.UTC(2025, 0, 1 + (day++ % 700))).toISOString().slice(0, 10);
  const post = async (url: string, body: object) => {
    // As the web client sends every write: with a fresh Idempotency-Key.
    const response = await api.app.inject({
      method: 'POST', url: `/api/v1/${url}`, payload: body, headers: { authorization: `Bearer ${user.access}`, 'idempotency-key': randomUUID() },
    });
    if (response.statusCode >= 300) throw new Error(`POST ${url} answered ${response.statusCode}: ${response.body}`);
  };
  const calls = {
    'POST /account/{id}/transactions': () =>
      post(`account/${accountId}/transactions`, { date: nextDate(), name: 'Grocer', amount: -12.34, principle: 0, categories: [{ categoryId: first, amount: -12.34 }] }),
    'POST /category-transfer (funding)': () =>
      post('category-transfer', { date: nextDate(), type: 2, categories: [{ categoryId: pool, amount: -5, funder: true }, { categoryId: first, amount: 5 }] }),
    'POST /category-transfer (rebalance)': () =>
      post('category-transfer', { date: nextDate(), type: 3, categories: [{ categoryId: first, amount: -1 }, { categoryId: second, amount: 1 }] }),
  };
  if (statements) {
    await measureInterleaved(calls, 0, warmup);
    console.log(`\nWhere a write's time goes: ${TIMELINE_RUNS} writes of each kind after ${warmup} warm-up rounds, on ${transactions > 0 ? `${transactions.toLocaleString('en')} transactions` : 'a fresh budget'}; ms from the request's start, medians`);
    for (const [name, call] of Object.entries(calls)) console.log(`\n${name}\n${await traceCall(statements, call)}`);
  } else if (explain) {
    await measureInterleaved(calls, 0, 5);
    for (const [name, call] of Object.entries(calls)) {
      plans.length = 0;
      await call();
      console.log(`\n===== ${name}: ${plans.length} statements at ${transactions} transactions =====\n${plans.join('\n\n')}`);
    }
  } else {
    const timed = await measureInterleaved(calls, iterations, warmup);
    const size = transactions > 0 ? `a budget of ${transactions.toLocaleString('en')} imported transactions (filled in ${filled.seconds.toFixed(0)} s)` : 'a fresh budget';
    console.log(`\nWrites through the API on ${size}: ${iterations} timed rounds after ${warmup} warm-up; trigram indexes' fastupdate ${ginFastUpdate}; letters index ${withoutLettersIndex ? 'dropped' : 'kept'}; times in ms`);
    console.log('| call | p50 | p99 | p50 ÷ transaction p50 |\n|---|---|---|---|');
    const base = percentile(Object.values(timed)[0]!, 50);
    for (const [call, samples] of Object.entries(timed)) {
      console.log(`| ${call} | ${percentile(samples, 50).toFixed(2)} | ${percentile(samples, 99).toFixed(2)} | ${(percentile(samples, 50) / base).toFixed(2)} |`);
    }
  }
} finally {
  await api.close();
  await database.drop();
}


interface Sent {
  text: string;
  sent: number;
  answered: number;
}

/** Records every statement the pool's clients send while `recording` holds an array. */
function traceStatements(pool: pg.Pool): { recording: Sent[] | null } {
  const state: { recording: Sent[] | null } = { recording: null };
  const wrapped = new WeakSet<object>();
  pool.on('acquire', (client) => {
    if (wrapped.has(client)) return;
    wrapped.add(client);
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const into = state.recording;
      if (into === null) return query(...args);
      const first = args[0] as string | { text?: string };
      const entry: Sent = { text: (typeof first === 'string' ? first : first.text ?? '').replace(/\s+/g, ' ').trim().slice(0, 70), sent: performance.now(), answered: Number.NaN };
      into.push(entry);
      const answered = () => (entry.answered = performance.now());
      // pg-pool's own query passes a callback (then the client returns no promise); the rest await one.
      const last = args.length - 1;
      if (typeof args[last] === 'function') {
        const callback = args[last] as (...results: unknown[]) => void;
        args[last] = (...results: unknown[]) => {
          answered();
          callback(...results);
        };
        return query(...args);
      }
      const result = query(...args) as Promise<unknown> | undefined;
      result?.then(answered, answered);
      return result;
    };
  });
  return state;
}

/** Runs `call` TIMELINE_RUNS times and tabulates its statements' medians (a statement by its text and its place among equal texts). */
async function traceCall(state: { recording: Sent[] | null }, call: () => Promise<void>): Promise<string> {
  const runs: { statements: Map<string, Sent>; order: string[]; end: number }[] = [];
  for (let i = 0; i < TIMELINE_RUNS; i++) {
    const sent: Sent[] = [];
    state.recording = sent;
    const start = performance.now();
    await call();
    const end = performance.now() - start;
    state.recording = null;
    const statements = new Map<string, Sent>();
    const order: string[] = [];
    for (const entry of sent) {
      let key = entry.text;
      for (let n = 2; statements.has(key); n++) key = `${entry.text} (#${n})`;
      statements.set(key, { text: entry.text, sent: entry.sent - start, answered: entry.answered - start });
      order.push(key);
    }
    runs.push({ statements, order, end });
  }
  const median = (values: number[]) => percentile(values, 50);
  // The statements every run sent, in the order of the median run's.
  const every = runs[0]!.order.filter((key) => runs.every((run) => run.statements.has(key)));
  const rows = every.map((key) => {
    const sent = median(runs.map((run) => run.statements.get(key)!.sent));
    const answers = runs.map((run) => run.statements.get(key)!.answered).filter((at) => Number.isFinite(at));
    return { key, sent, answered: answers.length > 0 ? median(answers) : Number.NaN };
  });
  rows.sort((a, b) => a.sent - b.sent);
  const lines = rows.map((row) => `| ${row.key.replace(/\|/g, '\\|')} | ${row.sent.toFixed(2)} | ${Number.isFinite(row.answered) ? row.answered.toFixed(2) : 'after the answer'} |`);
  const sometimes = new Set(runs.flatMap((run) => run.order).filter((key) => !every.includes(key)));
  return [
    '| statement | sent at | answered at |', '|---|---|---|', ...lines,
    `| (the request answered) | | ${median(runs.map((run) => run.end)).toFixed(2)} |`,
    ...(sometimes.size > 0 ? [`(sent in some runs only: ${[...sometimes].join('; ')})`] : []),
  ].join('\n');
}
