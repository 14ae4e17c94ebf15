import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import type { IdGenerator } from '../../clock.js';

interface IdScope {
  seed: string;
  next: number;
}

const scope = new AsyncLocalStorage<IdScope>();

/** A UUID-shaped id from a hash: the same seed and counter always give the same id. */
export function derivedId(seed: string, n: number): string {
  const hex = createHash('sha256').update(`${seed}\u0000${n}`).digest('hex');
  // Version 8 (custom), RFC 9562 variant: still a UUID to every check and column.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Runs `work` so that every id the request asks for (new rows and event ids) is derived from
 * `seed` (the caller and their Idempotency-Key) in order: a retry of the same request makes the
 * same ids, so its events are the ones already stored and the store ignores them.
 */
export function withDerivedIds<T>(seed: string, work: () => Promise<T>): Promise<T> {
  return scope.run({ seed, next: 0 }, work);
}

/** Wraps an id generator: derived ids inside `withDerivedIds`, the generator's own elsewhere. */
export function requestScopedIds(base: IdGenerator): IdGenerator {
  return {
    next: () => {
      const current = scope.getStore();
      return current ? derivedId(current.seed, current.next++) : base.next();
    },
  };
}
