import { describe, expect, it } from 'vitest';
import { nearBottom, pulledPastThreshold, pullOffset } from './register-window.js';

describe('register window', () => {
  it('loads more within two viewport heights of the bottom', () => {
    // 30 rows of 40px = 1200px, viewport 300px: the trigger is at 1200 - 300 - 600 = 300px.
    expect(nearBottom({ scrollTop: 299, viewportHeight: 300, scrollHeight: 1200 })).toBe(false);
    expect(nearBottom({ scrollTop: 300, viewportHeight: 300, scrollHeight: 1200 })).toBe(true);
    expect(nearBottom({ scrollTop: 0, viewportHeight: 500, scrollHeight: 1200 })).toBe(true);
  });

  it('reloads when pulled down past -100', () => {
    expect(pulledPastThreshold(-100)).toBe(false);
    expect(pulledPastThreshold(-101)).toBe(true);
    expect(pulledPastThreshold(20)).toBe(false);
  });

  it('turns a drag at the top into a resisted negative offset', () => {
    expect(pullOffset(0, 100, 340)).toBe(-120);
    expect(pullOffset(0, 100, 60)).toBe(0);
    expect(pullOffset(15, 100, 340)).toBe(0);
  });
});
