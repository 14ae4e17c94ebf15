/**
 * Carries events from the store subscription (one producer) to the projector's committer (one
 * consumer) in batches. A full queue makes the producer wait, so a catch-up over millions of
 * events holds at most `capacity` of them in memory.
 */
export class BatchQueue<T> {
  private items: T[] = [];
  private closed = false;
  private failure: { error: unknown } | null = null;
  private itemsArrived: (() => void) | null = null;
  private roomFreed: (() => void)[] = [];

  constructor(private readonly capacity: number) {}

  /** Waits while the queue is full; once the queue is closed the item is dropped. */
  async push(item: T): Promise<void> {
    while (!this.closed && this.items.length >= this.capacity) {
      await new Promise<void>((resolve) => this.roomFreed.push(resolve));
    }
    if (this.closed) return;
    this.items.push(item);
    this.wakeTaker();
  }

  /** Up to `max` items, waiting until there is one; `[]` once closed; rejects once failed. */
  async take(max: number): Promise<T[]> {
    while (this.items.length === 0 && !this.closed && !this.failure) {
      await new Promise<void>((resolve) => (this.itemsArrived = resolve));
    }
    if (this.failure) throw this.failure.error;
    if (this.closed) return [];
    const batch = this.items.splice(0, max);
    this.wakePushers();
    return batch;
  }

  /** The producer died: the next `take` rejects with its error. */
  fail(error: unknown): void {
    this.failure = { error };
    this.wakeTaker();
  }

  /** Stops both sides: pending and later pushes return, takes return `[]`. */
  close(): void {
    this.closed = true;
    this.items = [];
    this.wakeTaker();
    this.wakePushers();
  }

  private wakeTaker(): void {
    const wake = this.itemsArrived;
    this.itemsArrived = null;
    wake?.();
  }

  private wakePushers(): void {
    const waiting = this.roomFreed;
    this.roomFreed = [];
    for (const wake of waiting) wake();
  }
}
