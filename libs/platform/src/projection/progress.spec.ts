import { describe, expect, test } from 'vitest';
import { Progress } from './progress.js';
import { ProjectionTimeoutError } from './projection-timeout.error.js';

describe('Progress', () => {
  test('given a position already reached, until resolves at once', async () => {
    const progress = new Progress(10n);
    await expect(progress.until(10n)).resolves.toBeUndefined();
  });

  test('when the position is reached later, the wait resolves', async () => {
    const progress = new Progress(0n);
    const waiting = progress.until(5n);
    progress.reached(4n);
    progress.reached(6n);
    await expect(waiting).resolves.toBeUndefined();
  });

  test('when the position is not reached in time, the wait rejects with a clear error', async () => {
    const progress = new Progress(3n);
    const error = await progress.until(9n, 20).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProjectionTimeoutError);
    expect((error as Error).message).toMatch(/position 9 within 20 ms \(checkpoint at 3\)/);
  });

  test('when abandoned, pending waits reject', async () => {
    const progress = new Progress();
    const waiting = progress.until(1n);
    progress.abandon(new Error('stopped'));
    await expect(waiting).rejects.toThrow('stopped');
  });
});
