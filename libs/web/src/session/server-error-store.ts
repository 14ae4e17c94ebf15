import type { ServerError } from '../api/server-error.js';

/** The global server error of spec §8: set by the API client, shown by the error screen. */
export class ServerErrorStore {
  private current: ServerError | null = null;
  private readonly listeners = new Set<() => void>();

  get = (): ServerError | null => this.current;

  set = (error: ServerError | null): void => {
    this.current = error;
    for (const listener of this.listeners) listener();
  };

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}
