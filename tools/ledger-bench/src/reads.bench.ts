import { parseArgs } from 'node:util';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { positive } from './args.js';
import { startBenchApi, type BenchApi } from './bench-api.js';
import { prepareDataSet } from './reports/prepare.js';

/**
 * Reads at or past their floor (docs/architecture.md §6.4): GET /groups and the first page of the
 * biggest account's register, over real HTTP with `--connections` keep-alive connections (each a
 * loop of one request after another) for `--seconds` a case, against the reports benchmark's data
 * set (found by its marker in `--database-url`, or filled: `--transactions`). Three servers on one
 * database: `before` (createApp's `readCache: false`: every read runs its query, as before the
 * cache), `after, cached` (plain GETs, answered from the per-process cache after the first) and
 * `after, If-None-Match` (the client revalidates its copy: 304 without a body). `--runs` rounds,
 * then the medians. Run: `npm run bench:reads -- --database-url URL [--transactions N] [--runs 3] [--seconds 10] [--connections 10]`.
 */
const { values } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    transactions: { type: 'string' },
    seed: { type: 'string' },
    runs: { type: 'string' },
    seconds: { type: 'string' },
    connections: { type: 'string' },
  },
});
const transactions = positive('transactions', values.transactions, 1_000_000);
const runs = Math.max(1, positive('runs', values.runs, 3));
const seconds = Math.max(1, positive('seconds', values.seconds, 10));
const connections = Math.max(1, positive('connections', values.connections, 10));
const log = (line: string) => console.log(`  ${line}`);

interface Result {
  server: string;
  route: string;
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  statuses: string;
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** `connections` loops of GETs for `seconds`; `revalidate`: each loop sends the tag of its first answer. */
async function hammer(base: string, path: string, token: string, revalidate: boolean): Promise<Omit<Result, 'server' | 'route'>> {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const end = performance.now() + seconds * 1000;
  const loop = async () => {
    let etag: string | null = null;
    while (performance.now() < end) {
      const started = performance.now();
      const response = await fetch(`${base}/api/v1/${path}`, { headers: { authorization: `Bearer ${token}`, ...(revalidate && etag ? { 'if-none-match': etag } : {}) } });
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      etag ??= response.headers.get('etag');
    }
  };
  const began = performance.now();
  await Promise.all(Array.from({ length: connections }, loop));
  const elapsed = (performance.now() - began) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    perSecond: latencies.length / elapsed,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    statuses: [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(' '),
  };
}

async function listen(app: NestFastifyApplication): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (await app.getUrl()).replace('[::1]', '127.0.0.1');
}

const data = await prepareDataSet({ databaseUrl: values['database-url'], transactions, seed: positive('seed', values.seed, 1), log });
let before: BenchApi | null = null;
try {
  await data.api.stopProjector();
  before = await startBenchApi(data.databaseUrl, data.pool, undefined, {}, { readCache: false });
  await before.stopProjector();
  // The baseline server has its own signing key: the user signs in there too.
  const { rows: marker } = await data.pool.query<{ username: string; password: string }>('SELECT username, password FROM ledger_bench_report_data_sets WHERE user_id = $1', [data.userId]);
  const login = await before.http.post('login', { username: marker[0]!.username, password: marker[0]!.password });
  if (login.status !== 200) throw new Error(`login answered ${login.status}: ${login.body}`);
  const beforeToken = login.json<{ data: { access: string } }>().data.access;
  const { rows: biggest } = await data.pool.query<{ account_id: string; rows: string }>(
    'SELECT account_id, count(*)::text AS rows FROM ledger_transactions WHERE user_id = $1 AND account_id IS NOT NULL GROUP BY account_id ORDER BY count(*) DESC LIMIT 1',
    [data.userId],
  );
  const account = biggest[0]!;
  log(`register: account ${account.account_id} (${Number(account.rows).toLocaleString('en')} rows)`);
  const routes = [['GET /groups', 'groups'], ['GET /account/{id}/transactions (first page)', `account/${account.account_id}/transactions`]] as const;
  const servers = [
    { name: 'before (no cache, no ETag)', base: await listen(before.app), token: beforeToken, revalidate: false },
    { name: 'after, cached', base: await listen(data.api.app), token: data.access, revalidate: false },
    { name: 'after, If-None-Match (304)', base: '', token: data.access, revalidate: true },
  ];
  servers[2]!.base = servers[1]!.base;
  const all: Result[][] = [];
  for (let run = 1; run <= runs; run++) {
    const results: Result[] = [];
    for (const [route, path] of routes) {
      for (const server of servers) {
        await hammer(server.base, path, server.token, server.revalidate); // warm-up pass, same length
        results.push({ server: server.name, route, ...(await hammer(server.base, path, server.token, server.revalidate)) });
        log(`run ${run}: ${route}, ${server.name} measured`);
      }
    }
    all.push(results);
  }
  const { rows } = await data.pool.query<{ server_version: string }>('SHOW server_version');
  console.log(`\nReads, medians of ${runs} runs: ${connections} keep-alive connections, ${seconds} s a case after a warm-up of the same length; PostgreSQL ${rows[0]?.server_version ?? '?'}; projection ${data.api.projection}; ${data.fill.transactions.toLocaleString('en')} transactions`);
  console.log('| route | server | req/s | p50 ms | p99 ms | answers (last run) |');
  console.log('|---|---|---|---|---|---|');
  all[0]!.forEach((first, i) => {
    const col = (pick: (r: Result) => number) => median(all.map((r) => pick(r[i]!)));
    console.log(`| ${first.route} | ${first.server} | ${col((r) => r.perSecond).toFixed(0)} | ${col((r) => r.p50).toFixed(2)} | ${col((r) => r.p99).toFixed(2)} | ${all[all.length - 1]![i]!.statuses} |`);
  });
} finally {
  await before?.close();
  await data.close();
}
