import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { readSideBySideArgs } from './args.js';
import { READS, REPEATED_READS, WRITES, prepareEdit, type SideState } from './cases.js';
import { Server, SIDES, type Side } from './client.js';
import { figuresOf, measureLatency, measureThroughput, probe, type CaseFigures, type Refusals } from './measure.js';
import { formatTables, medians } from './report.js';
import { accountBalance, findBudget, seedTransactions, setUpBudget, transactionPayloads } from './seed.js';

/**
 * The side-by-side benchmark: the ORIGINAL SpendCraft server and ours, over HTTP, on the same data.
 *
 * 1. Signs a fresh user up on each (product-spec §7; ours with the mailed code from the outbox
 *    folder), adds the same group and categories and an offline checking account, then POSTs the
 *    same `--transactions` rows (deterministic from `--seed`) through each server's own
 *    POST /account/{id}/transactions, both servers at once, each one row at a time.
 * 2. Tries every call once on each server; a call one server refuses (outside 2xx) is left out on
 *    that server and reported with its status and body.
 * 3. Per run (`--runs`), interleaved request by request (original, ours, original, ours …),
 *    `--warmup` untimed rounds and `--iterations` timed: rounds of every write then every read
 *    (each read follows a write, so ours answers it fresh), then rounds of the reads alone
 *    ("[repeated]": ours answers from its answer cache; the original has none); then each read at
 *    `--concurrency` connections for `--throughput-seconds` on each server.
 * 4. Prints p50/p99 per call and server, original ÷ ours of the p50, reads per second and
 *    ours ÷ original (each run's ratios and their median), and writes it all as JSON (`--out`).
 *
 * Run with both servers up (the original set up and started by tools/ledger-bench/original/, see the
 * tools/ledger-bench README; ours: `npm run start:prod`):
 *   ORIGINAL_URL=http://127.0.0.1:3400 OURS_URL=http://127.0.0.1:3000 \
 *   npm run bench:side-by-side -- --transactions 3000 --runs 3 --out side-by-side-3000.json [--outbox DIR]
 */
async function main(): Promise<void> {
  const args = readSideBySideArgs();
  const log = (line: string) => process.stdout.write(`[${new Date().toISOString().slice(11, 19)}] ${line}\n`);
  const servers: Record<Side, Server> = { original: new Server('original', args.originalUrl), ours: new Server('ours', args.oursUrl) };
  log(`original ${args.originalUrl}, ours ${args.oursUrl}: ${args.transactions.toLocaleString('en-US')} transactions, ${args.runs} run(s) of ${args.iterations} rounds (+${args.warmup} warm-up)`);

  const tag = `sbs${Date.now().toString(36)}`;
  const rows = args.reuse ? [] : transactionPayloads(args.transactions, args.seed);
  const states = {} as Record<Side, SideState>;
  const seedStarted = performance.now();
  const seedSeconds: Partial<Record<Side, number>> = {};
  await Promise.all(
    SIDES.map(async (side) => {
      const server = servers[side];
      let budget;
      if (args.reuse) {
        await server.signIn(args.reuse);
        budget = await findBudget(server);
        log(`${side}: signed in as ${server.username} (seeded by an earlier run), account ${budget.accountId}`);
      } else {
        await server.signUp(tag, args.outbox);
        budget = await setUpBudget(server);
        log(`${side}: signed up ${server.username}, account ${budget.accountId}`);
        await seedTransactions(server, budget, rows, log);
        seedSeconds[side] = (performance.now() - seedStarted) / 1000;
      }
      states[side] = { server, budget, deletable: [], editId: '', editVersion: 0, editRound: 0 };
      await prepareEdit(states[side]);
    }),
  );
  const balances = { original: await accountBalance(servers.original, states.original.budget), ours: await accountBalance(servers.ours, states.ours.budget) };
  log(`${args.reuse ? 'reused the seeded data' : `seeded in ${seedSeconds.original?.toFixed(0)} s (original) and ${seedSeconds.ours?.toFixed(0)} s (ours)`}; account balance original ${balances.original}, ours ${balances.ours}${balances.original === balances.ours ? ' (same)' : ' (DIFFERENT)'}`);

  const kept = (c: { name: string }) => !args.skip.some((prefix) => c.name.startsWith(prefix));
  const writes = WRITES.filter(kept);
  const reads = READS.filter(kept);
  const repeatedReads = REPEATED_READS.filter(kept);
  const cases = [...writes, ...reads];
  const refusals: Refusals = {};
  const probes = await probe(cases, states, refusals, log);
  log(`first answers (status, bytes): ${Object.entries(probes).map(([name, p]) => `${name} ${p.original?.status}/${p.original?.bytes} vs ${p.ours?.status}/${p.ours?.bytes}`).join('; ')}`);

  const runs: CaseFigures[][] = [];
  const header = () => ({
    bench: 'side-by-side',
    at: new Date().toISOString(),
    original: { url: args.originalUrl, username: servers.original.username },
    ours: { url: args.oursUrl, username: servers.ours.username },
    settings: {
      transactions: args.transactions, seed: args.seed, iterations: args.iterations, warmup: args.warmup, runs: args.runs,
      concurrency: args.concurrency, throughputSeconds: args.throughputSeconds, reuse: args.reuse, skip: args.skip,
      client: 'undici request, keep-alive agent per server',
      throughputClient: args.client === 'wrk' ? 'wrk -t1 (one thread), keep-alive' : 'undici request, keep-alive agent per server',
    },
    seeding: { seconds: seedSeconds, accountBalance: balances },
    refusals,
    firstAnswers: probes,
  });
  for (let run = 1; run <= args.runs; run++) {
    log(`run ${run}: writes, each round followed by the reads`);
    const mixed = await measureLatency(cases, states, refusals, args.iterations, args.warmup);
    log(`run ${run}: the reads repeated, no write between`);
    const repeated = await measureLatency(repeatedReads, states, refusals, args.iterations, args.warmup);
    const rates = await measureThroughput(reads, states, refusals, args.concurrency, args.throughputSeconds, log, args.client);
    const figures = figuresOf([...cases, ...repeatedReads], new Map([...mixed, ...repeated]), rates);
    runs.push(figures);
    log(`run ${run}: p50 original÷ours ${figures.map((f) => `${f.name} ${f.p50Ratio ?? '—'}`).join('; ')}`);
    // Written after every run, so a run cut short still leaves the finished ones.
    if (args.out) writeResults(args.out, { ...header(), runsDone: run, medians: medians(runs), runs });
  }

  const summary = medians(runs);
  process.stdout.write(`\n${formatTables(summary, args.runs, args.concurrency, refusals)}\n`);
  const left = Object.entries(refusals);
  if (left.length > 0) {
    process.stdout.write('\nLeft out (answered outside 2xx when tried):\n');
    for (const [name, sides] of left) {
      for (const [side, refusal] of Object.entries(sides)) process.stdout.write(`- ${name} on ${side}: ${refusal.status} ${refusal.body}\n`);
    }
  }
  for (const [index, run] of runs.entries()) {
    const errors = run.flatMap((f) => SIDES.flatMap((side) => Object.entries(f[side].errors).map(([status, n]) => `${f.name} on ${side}: ${n}× ${status}`)));
    if (errors.length > 0) process.stdout.write(`\nRun ${index + 1}, answers outside 2xx while timed: ${errors.join('; ')}\n`);
  }

  if (args.out) {
    writeResults(args.out, { ...header(), runsDone: runs.length, medians: summary, runs });
    log(`wrote ${resolve(args.out)}`);
  }
  await Promise.all(SIDES.map((side) => servers[side].close()));
}

function writeResults(out: string, results: unknown): void {
  const file = resolve(out);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
