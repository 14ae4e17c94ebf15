import { ProjectionTimeoutError } from './projection-timeout.error.js';

interface Waiter {
  position: bigint;
  resolve(): void;
  reject(error: unknown): void;
}

/** The projector's committed position, with promises that resolve once it reaches a target. */
export class Progress {
  private readonly waiters = new Set<Waiter>();

  constructor(private current: bigint | null = null) {}

  get position(): bigint | null {
    return this.current;
  }

  reached(position: bigint): void {
    this.current = position;
    for (const waiter of this.waiters) {
      if (waiter.position <= position) {
        this.waiters.delete(waiter);
        waiter.resolve();
      }
    }
  }

  /** Resolves once the position is at or beyond `position`; rejects after `timeoutMs` if given. */
  until(position: bigint, timeoutMs?: number): Promise<void> {
    if (this.current !== null && position <= this.current) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const waiter: Waiter = {
        position,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      if (timeoutMs !== undefined) {
        timer = setTimeout(() => {
          this.waiters.delete(waiter);
          reject(new ProjectionTimeoutError(position, this.current, timeoutMs));
        }, timeoutMs);
      }
      this.waiters.add(waiter);
    });
  }

  /** Rejects every pending wait (the projector stopped, the waiter closed). */
  abandon(error: Error): void {
    for (const waiter of this.waiters) waiter.reject(error);
    this.waiters.clear();
  }
}
