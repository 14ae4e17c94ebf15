import { describe, expect, test } from 'vitest';
import { Fifo } from './fifo.js';

describe('Fifo', () => {
  test('given many pushes, takes and shifts hand items out in order, across compactions', () => {
    const fifo = new Fifo<number>();
    for (let i = 0; i < 5000; i += 1) fifo.push(i);
    const out: number[] = [];
    while (fifo.size > 0) out.push(...fifo.take(7), fifo.shift()!);
    expect(out).toEqual(Array.from({ length: 5000 }, (_, i) => i));
    expect(fifo.peek()).toBeUndefined();
  });

  test('given pushes between takes, nothing is lost or reordered', () => {
    const fifo = new Fifo<number>();
    const out: number[] = [];
    for (let i = 0; i < 3000; i += 1) {
      fifo.push(i);
      if (i % 3 === 2) out.push(...fifo.take(2));
    }
    out.push(...fifo.take(10_000));
    expect(out).toEqual(Array.from({ length: 3000 }, (_, i) => i));
  });
});
