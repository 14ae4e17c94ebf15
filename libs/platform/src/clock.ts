import { randomUUID } from 'node:crypto';

/** Injected so tests pin time (docs/architecture.md §11.4). */
export interface Clock {
  now(): Date;
}
export const CLOCK = Symbol.for('budget.Clock');
export const systemClock: Clock = { now: () => new Date() };

/** A clock tests move by hand. */
export class FixedClock implements Clock {
  constructor(private current: Date) {}
  now(): Date {
    return new Date(this.current);
  }
  set(date: Date): void {
    this.current = new Date(date);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export interface IdGenerator {
  next(): string;
}
export const ID_GENERATOR = Symbol.for('budget.IdGenerator');
export const uuidGenerator: IdGenerator = { next: () => randomUUID() };
