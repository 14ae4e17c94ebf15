import { Fifo } from './fifo.js';

/** One dispatched event's place in the log; `done` once its batch committed. */
interface Slot {
  readonly position: bigint;
  readonly userId: string;
  done: boolean;
}

/** A place in the turn order; stale once the user was taken out of turn (its `turn` moved on). */
interface Turn {
  readonly userId: string;
  readonly turn: number;
}

interface Queued<T> {
  readonly item: T;
  readonly slot: Slot;
}

/** Up to `batchSize` consecutive events of one user, handed to one worker. */
export interface UserBatch<T> {
  readonly userId: string;
  readonly items: readonly T[];
  readonly slots: readonly Slot[];
}

/**
 * Carries events from the store subscription (one producer, in log order) to the projector's
 * workers, partitioned by user (docs/architecture.md §4: no user waits for another):
 * - each user has a FIFO queue, so a user's events are committed in log order;
 * - a user is handed to one worker at a time, and ready users take turns (round-robin), so a burst
 *   of one user occupies at most one worker while the others serve everyone else;
 * - the low-water mark is the highest position at or below which every dispatched event is
 *   committed: what the global checkpoint may say, and where a restart resumes. The user whose
 *   event holds it back goes first whenever ready: otherwise a catch-up over many users would
 *   advance every user a batch per round and move the mark only at the very end.
 * Events count against `capacity` from dispatch until the low-water mark passes them, so memory is
 * bounded even when one slow batch holds the mark back; the producer waits while it is full.
 *
 * A user may be parked (their partition quarantined: an event of theirs failed, `park`): their
 * queued events and every later one are dropped as they come, counted as passed for memory, and
 * the low-water mark stays just below their first unapplied event, so a restart from it reads them
 * again. Events already applied (`push(item, true)`) pass straight through.
 */
export class UserQueues<T extends { readonly position: bigint }> {
  private readonly queues = new Map<string, Fifo<Queued<T>>>();
  /** Users with queued events and no worker, in turn order (with stale entries, see `Turn`). */
  private readonly ready = new Fifo<Turn>();
  /** The current turn of each ready user. */
  private readonly turns = new Map<string, number>();
  private nextTurn = 0;
  private readonly busy = new Set<string>();
  /** Every dispatched event not yet below the low-water mark, in log order. */
  private readonly pending = new Fifo<Slot>();
  private low: bigint;
  /** Parked users and their first unapplied event seen (null until one arrives). */
  private readonly parked = new Map<string, bigint | null>();
  /** Parked users being caught up from the log (`beginCatchUp`): their first unapplied event still holds the mark. */
  private readonly catchingUp = new Map<string, bigint | null>();
  /** The position of the last item pushed (dispatched, applied or dropped). */
  private lastPushed: bigint;
  private closed = false;
  private failure: { error: unknown } | null = null;
  private itemsArrived: (() => void)[] = [];
  private roomFreed: (() => void)[] = [];

  constructor(
    private readonly capacity: number,
    start: bigint,
    private readonly userOf: (item: T) => string,
  ) {
    this.low = start;
    this.lastPushed = start;
  }

  /** The highest position at or below which every dispatched event is committed (parked users' held back). */
  get lowWater(): bigint {
    let mark = this.low;
    for (const first of [...this.parked.values(), ...this.catchingUp.values()]) if (first !== null && first - 1n < mark) mark = first - 1n;
    return mark;
  }

  /** Users parked in these queues. */
  get parkedUsers(): ReadonlySet<string> {
    return new Set(this.parked.keys());
  }

  /** Whether `close` (or `fail`) was called. */
  get isClosed(): boolean {
    return this.closed;
  }

  /** The error that ended these queues, if one did. */
  get error(): { error: unknown } | null {
    return this.failure;
  }

  /**
   * Waits while full; once closed the item is dropped. An item already `applied` (or of a parked
   * user) only takes its place in the log order, so that the low-water mark passes it.
   */
  async push(item: T, applied = false): Promise<void> {
    while (!this.closed && this.pending.size >= this.capacity) {
      await new Promise<void>((resolve) => this.roomFreed.push(resolve));
    }
    if (this.closed) return;
    const userId = this.userOf(item);
    this.lastPushed = item.position;
    const parked = !applied && this.parked.has(userId);
    if (parked && this.parked.get(userId) === null) this.parked.set(userId, item.position);
    const slot: Slot = { position: item.position, userId, done: applied || parked };
    this.pending.push(slot);
    if (slot.done) {
      this.retire();
      return;
    }
    const queue = this.queues.get(userId) ?? this.open(userId);
    queue.push({ item, slot });
    if (queue.size === 1 && !this.busy.has(userId)) this.makeReady(userId);
  }

  /**
   * The next ready user's first `max` events, that user now held by the caller until `complete`;
   * waits for one; null once closed; rejects once failed.
   */
  async take(max: number): Promise<UserBatch<T> | null> {
    while (this.turns.size === 0 && !this.closed) {
      await new Promise<void>((resolve) => this.itemsArrived.push(resolve));
    }
    if (this.failure) throw this.failure.error;
    if (this.closed) return null;
    const userId = this.pickUser();
    this.busy.add(userId);
    const queue = this.queues.get(userId)!;
    const taken = queue.take(max);
    if (queue.size === 0) this.queues.delete(userId);
    return { userId, items: taken.map((q) => q.item), slots: taken.map((q) => q.slot) };
  }

  /**
   * The batch committed: its user goes to the back of the turn order if more of its events wait.
   * Returns the low-water mark, which may have moved (never past a parked user's first unapplied
   * event). Still counts after `close`, so a batch that
   * was in flight when the projector stopped moves the mark too.
   */
  complete(batch: UserBatch<T>): bigint {
    for (const slot of batch.slots) slot.done = true;
    this.busy.delete(batch.userId);
    if (this.queues.has(batch.userId)) this.makeReady(batch.userId);
    this.retire();
    return this.lowWater;
  }

  /**
   * Parks a user: from now on their events are dropped as they come. With `batch` (theirs, taken
   * and not committed from `failedAt` on), its events before `failedAt` count as committed, the
   * rest and their queued events are dropped, and the user is released. Without, the user is
   * parked before any of their events arrives (a quarantine known when the round starts). Returns
   * the low-water mark.
   */
  park(userId: string, batch?: { batch: UserBatch<T>; failedAt: number }): bigint {
    if (batch) {
      const first = batch.batch.items[batch.failedAt]!.position;
      const known = this.parked.get(userId);
      this.parked.set(userId, known === undefined || known === null || first < known ? first : known);
      for (const slot of batch.batch.slots) slot.done = true;
      this.busy.delete(userId);
    } else if (!this.parked.has(userId)) {
      this.parked.set(userId, null);
    }
    const queue = this.queues.get(userId);
    if (queue) {
      for (let queued = queue.shift(); queued; queued = queue.shift()) queued.slot.done = true;
      this.queues.delete(userId);
      this.turns.delete(userId);
    }
    this.retire();
    return this.lowWater;
  }

  /**
   * Takes a parked user out of the parked set to be caught up from the log, outside the queues
   * (docs/architecture.md §4): the user is held as a worker holds it, their events pushed from now
   * on are queued (not dropped), and their first unapplied event keeps holding the low-water mark.
   * Returns the position of the last item pushed: the catch-up reads the user's events up to it,
   * every later one reaches the queue. Null when the user is not parked or the queues are closed.
   */
  beginCatchUp(userId: string): bigint | null {
    if (this.closed || !this.parked.has(userId)) return null;
    this.catchingUp.set(userId, this.parked.get(userId)!);
    this.parked.delete(userId);
    this.busy.add(userId);
    return this.lastPushed;
  }

  /**
   * The catch-up ended: caught up (`failedAt` omitted), the user's queued events go to the workers;
   * else the user is parked again at the event `failedAt` (their queued events dropped). Returns
   * the low-water mark.
   */
  endCatchUp(userId: string, failedAt?: bigint): bigint {
    if (!this.catchingUp.has(userId)) return this.lowWater;
    this.catchingUp.delete(userId);
    this.busy.delete(userId);
    if (failedAt !== undefined) {
      this.parked.set(userId, failedAt);
      return this.park(userId);
    }
    if (this.queues.has(userId)) this.makeReady(userId);
    this.retire();
    return this.lowWater;
  }

  /** Stops both sides: queued events are dropped, pushes return, takes return null. */
  close(): void {
    this.closed = true;
    this.queues.clear();
    this.ready.clear();
    this.turns.clear();
    this.wake();
  }

  /** The producer or a worker failed: every `take` from now on rejects with its error. */
  fail(error: unknown): void {
    this.failure ??= { error };
    this.close();
  }

  private open(userId: string): Fifo<Queued<T>> {
    const queue = new Fifo<Queued<T>>();
    this.queues.set(userId, queue);
    return queue;
  }

  private makeReady(userId: string): void {
    if (this.closed) return;
    const turn = (this.nextTurn += 1);
    this.turns.set(userId, turn);
    this.ready.push({ userId, turn });
    this.wakeTakers();
  }

  /** The user holding the low-water mark back if ready, else the next in turn. Some user is ready. */
  private pickUser(): string {
    const holder = this.pending.peek()?.userId;
    if (holder !== undefined && this.turns.delete(holder)) return holder;
    for (;;) {
      const { userId, turn } = this.ready.shift()!;
      if (this.turns.get(userId) !== turn) continue;
      this.turns.delete(userId);
      return userId;
    }
  }

  /** Moves the low-water mark over the committed front of the log. */
  private retire(): void {
    let front = this.pending.peek();
    if (!front?.done) return;
    while (front?.done) {
      this.low = front.position;
      this.pending.shift();
      front = this.pending.peek();
    }
    this.wakePushers();
  }

  private wake(): void {
    this.wakeTakers();
    this.wakePushers();
  }

  /** Every waiting worker looks again; those that find no ready user wait again. */
  private wakeTakers(): void {
    const waiting = this.itemsArrived;
    this.itemsArrived = [];
    for (const wake of waiting) wake();
  }

  private wakePushers(): void {
    const waiting = this.roomFreed;
    this.roomFreed = [];
    for (const wake of waiting) wake();
  }
}
