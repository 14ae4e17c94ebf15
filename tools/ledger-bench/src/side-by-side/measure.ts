import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { percentile } from '../measure/timing.js';
import { ok, SIDES, type Side } from './client.js';
import type { Case, SideState } from './cases.js';

const run = promisify(execFile);

/** Why a call is left out on one server: what it answered when first tried. */
export interface Refusal {
  status: number;
  body: string;
}

export type Refusals = Record<string, Partial<Record<Side, Refusal>>>;

/** What each call answered when first tried: its status and size, to see that both answer alike. */
export type Probes = Record<string, Partial<Record<Side, { status: number; bytes: number }>>>;

export interface SideFigures {
  n: number;
  p50: number | null;
  p99: number | null;
  /** Answers outside 2xx during the timed rounds, by status. */
  errors: Record<string, number>;
  /** Requests per second at `concurrency` connections (reads only). */
  rps?: number | null;
  throughputErrors?: number;
}

export interface CaseFigures {
  name: string;
  kind: 'write' | 'read';
  original: SideFigures;
  ours: SideFigures;
  /** original p50 ÷ ours p50 (> 1: ours is faster). */
  p50Ratio: number | null;
  /** ours rps ÷ original rps (> 1: ours serves more). */
  rpsRatio: number | null;
}

const round2 = (value: number) => Math.round(value * 100) / 100;
const body = (text: string) => text.replace(/\s+/g, ' ').slice(0, 240);

/** Tries every case once on each server (untimed): one that answers outside 2xx is left out on that server, with why. */
export async function probe(cases: readonly Case[], states: Record<Side, SideState>, refusals: Refusals, log: (line: string) => void): Promise<Probes> {
  const probes: Probes = {};
  for (const c of cases) {
    for (const side of SIDES) {
      if (refusals[c.name]?.[side]) continue;
      let answer;
      try {
        answer = await c.run(states[side]);
      } catch (error) {
        answer = { status: 0, body: String(error) };
      }
      (probes[c.name] ??= {})[side] = { status: answer.status, bytes: Buffer.byteLength(answer.body) };
      if (!ok(answer)) {
        (refusals[c.name] ??= {})[side] = { status: answer.status, body: body(answer.body) };
        log(`${side}: ${c.name} answered ${answer.status}: ${body(answer.body)} (left out on ${side})`);
      }
    }
  }
  return probes;
}

/**
 * `warmup` untimed rounds, then `iterations` timed rounds; each round calls every case on the
 * original, then on ours, then the next case: drift on a shared machine falls on both alike.
 * Only 2xx answers are timed; the others are counted by status. With writes and reads in one
 * round, every read follows a write of the same user (so ours cannot answer it from its cache).
 */
export async function measureLatency(
  cases: readonly Case[],
  states: Record<Side, SideState>,
  refusals: Refusals,
  iterations: number,
  warmup: number,
): Promise<Map<string, Record<Side, { ms: number[]; errors: Record<string, number> }>>> {
  const samples = new Map(cases.map((c) => [c.name, { original: { ms: [] as number[], errors: {} as Record<string, number> }, ours: { ms: [] as number[], errors: {} as Record<string, number> } }]));
  for (let round = 0; round < warmup + iterations; round++) {
    for (const c of cases) {
      for (const side of SIDES) {
        if (refusals[c.probeAs ?? c.name]?.[side]) continue;
        const started = performance.now();
        let status: number;
        try {
          status = (await c.run(states[side])).status;
        } catch {
          status = 0;
        }
        const elapsed = performance.now() - started;
        if (round < warmup) continue;
        const into = samples.get(c.name)![side];
        if (status >= 200 && status < 300) into.ms.push(elapsed);
        else into.errors[String(status)] = (into.errors[String(status)] ?? 0) + 1;
      }
    }
  }
  return samples;
}

/** `concurrency` closed loops calling one read for `seconds`: 2xx answers per second, and the others. */
export async function throughput(c: Case, state: SideState, concurrency: number, seconds: number): Promise<{ rps: number; errors: number }> {
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  let done = 0;
  let errors = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        try {
          if (ok(await c.run(state))) done += 1;
          else errors += 1;
        } catch {
          errors += 1;
        }
      }
    }),
  );
  return { rps: done / ((performance.now() - started) / 1000), errors };
}

/** What `wrk` printed: its 2xx answers a second (its other answers and socket errors are errors). */
export function parseWrk(output: string): { rps: number; errors: number } {
  const total = /(\d+) requests in ([\d.]+)(ms|s|m)\b/.exec(output);
  if (!total) throw new Error(`wrk printed no totals:\n${output}`);
  const unit = total[3] === 'ms' ? 0.001 : total[3] === 'm' ? 60 : 1;
  const seconds = Number(total[2]) * unit;
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const socketErrors = socket ? socket.slice(1, 5).reduce((sum, n) => sum + Number(n), 0) : 0;
  return { rps: (Number(total[1]) - non2xx) / seconds, errors: non2xx + socketErrors };
}

/**
 * The same closed loops driven by `wrk` (one thread, C): a client that costs far less CPU than
 * the server it measures, on a machine whose two cores the client shares with both servers and
 * PostgreSQL. One call through the bench's own client first renews an access token that ran out.
 */
export async function throughputWrk(c: Case, state: SideState, concurrency: number, seconds: number): Promise<{ rps: number; errors: number }> {
  if (!c.path) throw new Error(`${c.name}: no path for wrk`);
  await c.run(state);
  const url = `${state.server.base}/api/v1/${c.path(state)}`;
  const args = ['-t1', `-c${concurrency}`, `-d${seconds}s`, '--timeout', '10s', '-H', `Authorization: Bearer ${state.server.access}`, '-H', 'Accept: application/json', url];
  const { stdout } = await run('wrk', args);
  return parseWrk(stdout);
}

/** Which client drives the reads' throughput phase. */
export type ThroughputClient = 'undici' | 'wrk';

/** Reads' throughput, each read on the original then on ours. */
export async function measureThroughput(
  reads: readonly Case[],
  states: Record<Side, SideState>,
  refusals: Refusals,
  concurrency: number,
  seconds: number,
  log: (line: string) => void,
  client: ThroughputClient = 'undici',
): Promise<Map<string, Partial<Record<Side, { rps: number; errors: number }>>>> {
  const figures = new Map<string, Partial<Record<Side, { rps: number; errors: number }>>>();
  for (const c of reads) {
    const row: Partial<Record<Side, { rps: number; errors: number }>> = {};
    for (const side of SIDES) {
      if (refusals[c.probeAs ?? c.name]?.[side]) continue;
      row[side] = client === 'wrk' ? await throughputWrk(c, states[side], concurrency, seconds) : await throughput(c, states[side], concurrency, seconds);
    }
    figures.set(c.name, row);
    log(`throughput ${c.name}: original ${row.original?.rps.toFixed(1) ?? '—'}/s, ours ${row.ours?.rps.toFixed(1) ?? '—'}/s`);
  }
  return figures;
}

/** Percentiles, ratios and throughput of one run, per case. */
export function figuresOf(
  cases: readonly Case[],
  latency: Map<string, Record<Side, { ms: number[]; errors: Record<string, number> }>>,
  rates: Map<string, Partial<Record<Side, { rps: number; errors: number }>>>,
): CaseFigures[] {
  return cases.map((c) => {
    const side = (s: Side): SideFigures => {
      const { ms, errors } = latency.get(c.name)![s];
      const rate = rates.get(c.name)?.[s];
      return {
        n: ms.length,
        p50: ms.length ? round2(percentile(ms, 50)) : null,
        p99: ms.length ? round2(percentile(ms, 99)) : null,
        errors,
        ...(c.kind === 'read' ? { rps: rate ? round2(rate.rps) : null, throughputErrors: rate?.errors ?? 0 } : {}),
      };
    };
    const original = side('original');
    const ours = side('ours');
    return {
      name: c.name,
      kind: c.kind,
      original,
      ours,
      p50Ratio: original.p50 !== null && ours.p50 ? round2(original.p50 / ours.p50) : null,
      rpsRatio: original.rps && ours.rps ? round2(ours.rps / original.rps) : null,
    };
  });
}
