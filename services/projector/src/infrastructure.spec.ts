import { describe, expect, test } from 'vitest';
import { batchSizeFrom, workersFrom } from './infrastructure.js';

describe('projector settings from the environment', () => {
  test('given nothing set, the defaults: batches of 100, 4 workers', () => {
    expect(batchSizeFrom({})).toBe(100);
    expect(workersFrom({})).toBe(4);
  });

  test('given positive integers, they are used', () => {
    expect(batchSizeFrom({ PROJECTOR_BATCH_SIZE: '5' })).toBe(5);
    expect(workersFrom({ PROJECTOR_WORKERS: '8' })).toBe(8);
  });

  test.each(['0', '-2', '1.5', 'four', ''])('given PROJECTOR_WORKERS=%j, it refuses to start', (value) => {
    expect(() => workersFrom({ PROJECTOR_WORKERS: value })).toThrow(`PROJECTOR_WORKERS must be a positive integer, got ${value}`);
  });
});
