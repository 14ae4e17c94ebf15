/**
 * A first-in first-out list whose removals from the front cost O(1) (an array with a moving head,
 * compacted now and then), so draining a queue of thousands of events one batch at a time stays
 * linear.
 */
export class Fifo<T> {
  private items: (T | undefined)[] = [];
  private head = 0;

  get size(): number {
    return this.items.length - this.head;
  }

  push(item: T): void {
    this.items.push(item);
  }

  peek(): T | undefined {
    return this.items[this.head];
  }

  /** Removes and returns the front item (no array made: the projector calls it once per event). */
  shift(): T | undefined {
    if (this.head === this.items.length) return undefined;
    const item = this.items[this.head];
    this.items[this.head] = undefined;
    this.head += 1;
    this.compact();
    return item;
  }

  /** Removes and returns up to `max` items from the front. */
  take(max: number): T[] {
    const taken = this.items.slice(this.head, this.head + max) as T[];
    this.items.fill(undefined, this.head, this.head + taken.length);
    this.head += taken.length;
    this.compact();
    return taken;
  }

  clear(): void {
    this.items = [];
    this.head = 0;
  }

  /** Drops the consumed front once it is most of the array. */
  private compact(): void {
    if (this.head === this.items.length) this.clear();
    else if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
  }
}
