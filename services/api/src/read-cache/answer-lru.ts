/**
 * A least-recently-used map of serialised answers bounded by their total size in bytes
 * (docs/architecture.md §6.4). A Map keeps insertion order: a hit is moved to the end, and the
 * oldest entries are dropped from the front until the new one fits. An answer larger than
 * `maxEntryBytes` is never kept (one huge answer would push out hundreds of small ones).
 */
export class AnswerLru {
  private readonly entries = new Map<string, string>();
  private bytes = 0;

  constructor(
    readonly maxBytes: number,
    readonly maxEntryBytes: number,
  ) {}

  get(key: string): string | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: string, value: string): void {
    const size = AnswerLru.sizeOf(key, value);
    if (size > this.maxEntryBytes || size > this.maxBytes) return;
    this.delete(key);
    while (this.bytes + size > this.maxBytes) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.delete(oldest.value);
    }
    this.entries.set(key, value);
    this.bytes += size;
  }

  get size(): number {
    return this.entries.size;
  }

  get totalBytes(): number {
    return this.bytes;
  }

  private delete(key: string): void {
    const value = this.entries.get(key);
    if (value === undefined) return;
    this.entries.delete(key);
    this.bytes -= AnswerLru.sizeOf(key, value);
  }

  /** UTF-16 strings in memory: two bytes a character, key and value. */
  private static sizeOf(key: string, value: string): number {
    return 2 * (key.length + value.length);
  }
}
