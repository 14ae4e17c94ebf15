/** Appends one event as writer `writer`; `seq` counts that writer's own appends from 0. */
export type AppendOne = (writer: number, seq: number) => Promise<void>;

export interface WriterRun {
  events: number;
  seconds: number;
  eventsPerSecond: number;
  /** Milliseconds per append, one sample per event. */
  latencies: number[];
}

export interface WriterLimits {
  /** Stop after this many appends in all. */
  events: number;
  /** Or after this long, whichever comes first. */
  maxSeconds: number;
}

/** `writers` concurrent loops share one budget of appends; each append is timed on its own. */
export async function runWriters(writers: number, limits: WriterLimits, appendOne: AppendOne): Promise<WriterRun> {
  const latencies: number[] = [];
  let issued = 0;
  const started = performance.now();
  const deadline = started + limits.maxSeconds * 1000;

  const loop = async (writer: number) => {
    for (let seq = 0; issued < limits.events && performance.now() < deadline; seq++) {
      issued++;
      const t0 = performance.now();
      await appendOne(writer, seq);
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: writers }, (_, w) => loop(w)));

  const seconds = (performance.now() - started) / 1000;
  return { events: latencies.length, seconds, eventsPerSecond: latencies.length / seconds, latencies };
}

/** Several runs of one path as one: their events and seconds added up, their latencies pooled. */
export function combineRuns(runs: readonly WriterRun[]): WriterRun {
  const events = runs.reduce((sum, run) => sum + run.events, 0);
  const seconds = runs.reduce((sum, run) => sum + run.seconds, 0);
  return { events, seconds, eventsPerSecond: events / seconds, latencies: runs.flatMap((run) => run.latencies) };
}
