import { parseArgs } from 'node:util';
import { searchStatements } from '@budget/ledger';
import { positive } from './args.js';
import { percentile } from './measure/timing.js';
import { prepareSearchDataSet, type SearchUser } from './search/prepare.js';

/**
 * `npm run bench:search` (docs/architecture.md §4.9): GET /transactions/search on `--users` users
 * of `--per-user` transactions each (default 50 × 20,000 = 1,000,000), filled through the real
 * write path (src/search/prepare.ts); in `--database-url` the users filled by earlier runs are
 * kept and the fill resumes with the next one. Each case (1
 * and 2 character names, a word, an amount either way, a category; a common and a rare text of
 * each) is asked `--rounds` times per run, each time by the next user, through the whole API
 * (`app.inject`) and as its two statements on the pool (page and count, in parallel, as the
 * handler runs them), and as the page with the exact, unbounded count of before the count's bound
 * (`searchStatements(…, null)`: the "before" column, interleaved with the others). Every API request carries a distinct `_` parameter, which the contract
 * drops: the per-process answer cache (§6.4) is keyed by the URL, so no answer comes from it.
 * p50 / p95 / p99 per run, then the medians of the runs.
 * `npm run bench:search -- [--users 50] [--per-user 20000] [--rounds 200] [--warmup 20] [--runs 3] [--parallel 2] [--database-url URL] [--fill-only | --no-fill]`
 * (`--no-fill`: measure the users filled so far; run `VACUUM (ANALYZE)` first, as a fill's end does).
 */
const { values } = parseArgs({
  options: {
    users: { type: 'string' },
    'per-user': { type: 'string' },
    rounds: { type: 'string' },
    warmup: { type: 'string' },
    runs: { type: 'string' },
    parallel: { type: 'string' },
    seed: { type: 'string' },
    'database-url': { type: 'string' },
    'fill-only': { type: 'boolean' },
    'no-fill': { type: 'boolean' },
  },
});
const args = {
  users: positive('users', values.users, 50),
  perUser: positive('per-user', values['per-user'], 20_000),
  rounds: positive('rounds', values.rounds, 200),
  warmup: positive('warmup', values.warmup, 20),
  runs: Math.max(1, positive('runs', values.runs, 3)),
  parallel: Math.max(1, positive('parallel', values.parallel, 2)),
  seed: positive('seed', values.seed, 1),
  databaseUrl: values['database-url'] ?? process.env.DATABASE_URL,
};
const log = (line: string) => console.log(`  ${line}`);

interface Case {
  kind: string;
  label: string;
  query: string;
  search: Parameters<typeof searchStatements>[0];
}
const base = { name: null, amount: null, offset: 0, limit: 30 };
const CASES: Case[] = [
  { kind: '1 char', label: 'common (e)', query: 'name=e', search: { ...base, name: 'e' } },
  { kind: '1 char', label: 'rare (q)', query: 'name=q', search: { ...base, name: 'q' } },
  { kind: '2 chars', label: 'common (er)', query: 'name=er', search: { ...base, name: 'er' } },
  { kind: '2 chars', label: 'none (zq)', query: 'name=zq', search: { ...base, name: 'zq' } },
  { kind: 'word', label: 'kroger', query: 'name=kroger', search: { ...base, name: 'kroger' } },
  { kind: 'word', label: 'none (zephyr)', query: 'name=zephyr', search: { ...base, name: 'zephyr' } },
  { kind: 'amount', label: 'absAmount=45', query: 'absAmount=45', search: { ...base, absAmount: 4500 } },
  { kind: 'amount', label: 'absAmount=12.34', query: 'absAmount=12.34', search: { ...base, absAmount: 1234 } },
  { kind: 'category', label: 'groceries', query: 'category=groceries', search: { ...base, category: 'groceries' } },
  { kind: 'category', label: 'gas', query: 'category=gas', search: { ...base, category: 'gas' } },
];

interface Result {
  kind: string;
  label: string;
  api: [number, number, number];
  sql: [number, number, number];
  exact: [number, number, number];
  rows: number;
  count: number;
  capped: boolean;
}
const p3 = (samples: number[]): [number, number, number] => [percentile(samples, 50), percentile(samples, 95), percentile(samples, 99)];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function table(results: Result[]): string {
  const f = (xs: [number, number, number]) => xs.map((x) => x.toFixed(1)).join(' / ');
  const lines = [
    '| kind | query | API p50 / p95 / p99 ms | SQL p50 / p95 / p99 ms | before: SQL, exact count, p50 / p95 / p99 ms | first user: rows / count |',
    '|---|---|---|---|---|---|',
  ];
  for (const r of results) lines.push(`| ${r.kind} | ${r.label} | ${f(r.api)} | ${f(r.sql)} | ${f(r.exact)} | ${r.rows} / ${r.count.toLocaleString('en')}${r.capped ? '+' : ''} |`);
  return lines.join('\n');
}

const data = await prepareSearchDataSet({ databaseUrl: args.databaseUrl, users: args.users, perUser: args.perUser, seed: args.seed, parallel: args.parallel, fill: values['no-fill'] !== true, log });
try {
  console.log(
    `Data set: ${data.users.length} users, ${data.transactions.toLocaleString('en')} transactions (${data.tableRows.toLocaleString('en')} rows in ledger_transactions), filled through the API in ${data.fillSeconds.toFixed(0)} s${data.filledNow ? '' : ' (by earlier runs)'}`,
  );
  if (values['fill-only'] !== true) {
    await data.api.stopProjector();
    let bust = 0;
    const apiCall = async (user: SearchUser, c: Case) => {
      const response = await data.api.app.inject({ method: 'GET', url: `/api/v1/transactions/search?${c.query}&_=${bust++}`, headers: { authorization: `Bearer ${user.access}` } });
      if (response.statusCode !== 200) throw new Error(`${c.query} answered ${response.statusCode}: ${response.body}`);
      return response.json<{ data: { transactions: unknown[]; transactionsCount: number; transactionsCountCapped: boolean } }>().data;
    };
    const sqlCall = async (user: SearchUser, c: Case, countBound?: null) => {
      const { page, count } = searchStatements(c.search, user.userId, countBound);
      await Promise.all([data.pool.query(page), data.pool.query(count)]);
    };
    const { rows: version } = await data.pool.query<{ server_version: string }>('SHOW server_version');
    const runs: Result[][] = [];
    for (let run = 1; run <= args.runs; run++) {
      const samples = CASES.map(() => ({ api: [] as number[], sql: [] as number[], exact: [] as number[] }));
      for (let round = -args.warmup; round < args.rounds; round++) {
        const user = data.users[(round + args.warmup + run) % data.users.length]!;
        for (const [i, c] of CASES.entries()) {
          let started = performance.now();
          await apiCall(user, c);
          const api = performance.now() - started;
          started = performance.now();
          await sqlCall(user, c);
          const sql = performance.now() - started;
          started = performance.now();
          await sqlCall(user, c, null);
          const exact = performance.now() - started;
          if (round >= 0) {
            samples[i]!.api.push(api);
            samples[i]!.sql.push(sql);
            samples[i]!.exact.push(exact);
          }
        }
      }
      const results: Result[] = [];
      for (const [i, c] of CASES.entries()) {
        const first = await apiCall(data.users[0]!, c);
        results.push({
          kind: c.kind,
          label: c.label,
          api: p3(samples[i]!.api),
          sql: p3(samples[i]!.sql),
          exact: p3(samples[i]!.exact),
          rows: first.transactions.length,
          count: first.transactionsCount,
          capped: first.transactionsCountCapped,
        });
      }
      runs.push(results);
      console.log(`\nSearch, run ${run} of ${args.runs}: ${args.rounds} requests per case (each by the next of ${data.users.length} users) after ${args.warmup} warm-up rounds; PostgreSQL ${version[0]?.server_version ?? '?'}; projection ${data.api.projection}`);
      console.log(table(results));
    }
    if (runs.length > 1) {
      const medians = runs[0]!.map((r, i) => ({
        ...r,
        api: [0, 1, 2].map((k) => median(runs.map((run) => run[i]!.api[k]!))) as [number, number, number],
        sql: [0, 1, 2].map((k) => median(runs.map((run) => run[i]!.sql[k]!))) as [number, number, number],
        exact: [0, 1, 2].map((k) => median(runs.map((run) => run[i]!.exact[k]!))) as [number, number, number],
      }));
      console.log(`\nMedians of the ${runs.length} runs:`);
      console.log(table(medians));
    }
  }
} finally {
  await data.close();
}
