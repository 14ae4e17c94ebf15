/** One timed operation. */
export type Call = () => Promise<void>;

/**
 * `warmup` untimed rounds, then `iterations` timed rounds; each round calls every call once, in
 * turn, so drift on a shared machine falls on all of them alike. Milliseconds per call, per name.
 */
export async function measureInterleaved(calls: Record<string, Call>, iterations: number, warmup: number): Promise<Record<string, number[]>> {
  const entries = Object.entries(calls);
  for (let round = 0; round < warmup; round++) for (const [, call] of entries) await call();
  const samples: Record<string, number[]> = Object.fromEntries(entries.map(([name]) => [name, []]));
  for (let round = 0; round < iterations; round++) {
    for (const [name, call] of entries) {
      const started = performance.now();
      await call();
      samples[name]!.push(performance.now() - started);
    }
  }
  return samples;
}

/** The `p`-th percentile (0..100) of `samples`, nearest-rank; 0 for no samples. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return 0;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1]!;
}
