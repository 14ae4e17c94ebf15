import type pg from 'pg';

/** What one counted stretch sent to PostgreSQL. */
export interface CountedStatements {
  /**
   * Every query sent, its text in order (a simple query such as `BEGIN; SET LOCAL …` is one), on
   * one line: its `--` comments dropped and its white space collapsed, so it still parses.
   */
  statements: string[];
  /**
   * Round trips of latency: a statement sent while none is outstanding on any connection of the
   * pool starts one; statements sent while others are still to be answered (pipelined on one
   * client, or in parallel on several) share it.
   */
  roundTrips: number;
}

/**
 * Counts the statements and round trips the app sends through `pool` between `start()` and
 * `stop()` (docs/architecture.md §4, "Statements per write"). Every client the pool hands out is
 * wrapped once, outside the pool's own prepared-statement wrapper, so what is counted is what goes
 * on the wire: `pool.query` and `client.query` alike, promise or callback.
 */
export class StatementCounter {
  private counting: CountedStatements | null = null;
  private outstanding = 0;
  /** This counter's mark on the clients it wrapped: another counter on the same pool wraps them too, and counts for itself. */
  private readonly counted = Symbol('counted');

  constructor(pool: pg.Pool) {
    pool.on('acquire', (client) => this.wrap(client));
  }

  start(): void {
    this.counting = { statements: [], roundTrips: 0 };
  }

  stop(): CountedStatements {
    const counted = this.counting ?? { statements: [], roundTrips: 0 };
    this.counting = null;
    return counted;
  }

  private wrap(client: pg.PoolClient): void {
    const tagged = client as pg.PoolClient & Record<symbol, true | undefined>;
    if (tagged[this.counted]) return;
    tagged[this.counted] = true;
    const inner = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const counting = this.counting;
      if (!counting) return inner(...args);
      const first = args[0];
      const text = typeof first === 'string' ? first : ((first as { text?: string } | null)?.text ?? '');
      counting.statements.push(text.replace(/--[^\n]*/g, '').replace(/\s+/g, ' ').trim());
      if (this.outstanding === 0) counting.roundTrips++;
      this.outstanding++;
      let settled = false;
      const done = () => {
        if (settled) return;
        settled = true;
        this.outstanding--;
      };
      const last = args[args.length - 1];
      if (typeof last === 'function') {
        const callback = last as (...results: unknown[]) => void;
        args[args.length - 1] = (...results: unknown[]) => {
          done();
          callback(...results);
        };
        return inner(...args);
      }
      try {
        const result = inner(...args);
        if (result && typeof (result as Promise<unknown>).then === 'function') (result as Promise<unknown>).then(done, done);
        else done();
        return result;
      } catch (error) {
        done();
        throw error;
      }
    };
  }
}
