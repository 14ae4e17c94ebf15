/**
 * Writes the server has stored but answered 202 "pending" (its read models still catching up),
 * while the client sends them again with the same key for the full answer. The shell shows
 * "Saved — updating balances…" while there are any, and a form stays busy meanwhile, so nobody is
 * invited to save a second time.
 */
export class PendingWrites {
  private count = 0;
  private message = 'Saved — updating balances…';
  private readonly listeners = new Set<() => void>();

  /** How many writes are stored and waiting for their full answer. */
  get = (): number => this.count;

  /** The server's words for it (the 202's `message`). */
  text = (): string => this.message;

  started = (message: string): void => {
    this.message = message;
    this.count += 1;
    this.emit();
  };

  ended = (): void => {
    this.count = Math.max(0, this.count - 1);
    this.emit();
  };

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}
