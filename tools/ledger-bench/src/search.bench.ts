import { parseArgs } from 'node:util';
import { createPool } from '@budget/platform';
import { startBenchApi } from './bench-api.js';
import { measureInterleaved, percentile } from './measure/timing.js';

/**
 * GET /transactions/search through the whole API on a generated budget (product-spec §2 Search):
 * `DATABASE_URL=<generate-cli's database> node tools/ledger-bench/dist/search.bench.js --username U --password P`.
 * Starting the API runs the pending migrations (ledger-013's indexes: their build time is printed).
 * The generator's rows carry ten payee names (each ~10% of the rows); 20 rows named "Zephyr
 * Bakery" are added through the API as a rare name. Each case is timed through `app.inject`
 * (p50/p95 of `--iterations`), then its statement is EXPLAINed.
 */
const { values } = parseArgs({ options: { username: { type: 'string' }, password: { type: 'string' }, iterations: { type: 'string' } } });
const url = process.env.DATABASE_URL;
if (!url || !values.username || !values.password) throw new Error('DATABASE_URL, --username and --password are required');
const iterations = Number(values.iterations ?? 100);
const pool = createPool(url, 10);
const started = performance.now();
const api = await startBenchApi(url, pool);
console.log(`API started (migrations included) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
try {
  const login = await api.http.post('login', { username: values.username, password: values.password });
  if (login.status !== 200) throw new Error(`login answered ${login.status}: ${login.body}`);
  const token = login.json().data.access as string;
  const rare = await pool.query<{ n: string }>("SELECT count(*) AS n FROM ledger_transactions WHERE name = 'Zephyr Bakery'");
  if (Number(rare.rows[0]!.n) === 0) {
    const accounts = (await api.http.get('connected-accounts?limit=1000', token)).json().data as { accounts: { id: string }[] }[];
    const accountId = accounts[0]!.accounts[0]!.id;
    for (let i = 0; i < 20; i++) {
      const made = await api.http.post(`account/${accountId}/transactions`, { date: `2024-0${1 + (i % 9)}-1${i % 10}`, name: 'Zephyr Bakery', amount: -7.77, categories: [] }, token);
      if (made.status !== 201) throw new Error(`POST answered ${made.status}: ${made.body}`);
    }
  }
  const cases: Record<string, string> = {
    'common name (~10%), page 1': 'name=cafe',
    'common name, page 11 (offset 300)': 'name=CAFE&offset=300',
    'rare name (20 rows)': 'name=zephyr',
    'no match': 'name=qqqzzz',
    'exact amount': 'amount=-7.77',
    'rare name + amount': 'name=bakery&amount=-7.77',
  };
  const calls = Object.fromEntries(
    Object.entries(cases).map(([label, query]) => [
      label,
      async () => {
        const response = await api.http.get(`transactions/search?${query}`, token);
        if (response.status !== 200) throw new Error(`${query} answered ${response.status}: ${response.body}`);
      },
    ]),
  );
  const samples = await measureInterleaved(calls, iterations, 5);
  for (const [label, query] of Object.entries(cases)) {
    const rows = (await api.http.get(`transactions/search?${query}`, token)).json().data.transactions.length as number;
    console.log(`${label.padEnd(36)} ${query.padEnd(28)} rows ${String(rows).padStart(2)}  p50 ${percentile(samples[label]!, 50).toFixed(1)} ms  p95 ${percentile(samples[label]!, 95).toFixed(1)} ms`);
  }
} finally {
  await api.close();
  await pool.end();
}
