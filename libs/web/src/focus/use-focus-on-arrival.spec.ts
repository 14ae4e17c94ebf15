import { describe, expect, it } from 'vitest';
import { focusIsFree, focusOnArrival, type CaretBox } from './use-focus-on-arrival.js';

/** A text box that records what was done to it. */
function box(value: string) {
  const calls: string[] = [];
  const el: CaretBox = {
    value,
    focus: () => void calls.push('focus'),
    setSelectionRange: (start, end) => void calls.push(`caret ${String(start)}-${String(end)}`),
  };
  return { el, calls };
}

describe('focusOnArrival', () => {
  it('given the stand-in had the focus, when the box arrives, then it takes the focus with the caret after its text', () => {
    const { el, calls } = box('Groc');
    expect(focusOnArrival(el, true)).toBe(true);
    expect(calls).toEqual(['focus', 'caret 4-4']);
  });

  it('given the stand-in did not have the focus, then the box is left alone', () => {
    const { el, calls } = box('Groc');
    expect(focusOnArrival(el, false)).toBe(false);
    expect(calls).toEqual([]);
  });

  it('given the box is not drawn, then nothing happens', () => {
    expect(focusOnArrival(null, true)).toBe(false);
  });

  it('given the user moved the focus on while the box was on its way, then the box is left alone', () => {
    const { el, calls } = box('Groc');
    expect(focusOnArrival(el, true, false)).toBe(false);
    expect(calls).toEqual([]);
  });
});

describe('focusIsFree', () => {
  const body = { tagName: 'BODY' } as unknown as HTMLElement;
  const other = { tagName: 'INPUT' } as unknown as Element;
  it('is free when the focus is on nothing or on the body (a focused stand-in was just removed)', () => {
    expect(focusIsFree({ activeElement: null, body })).toBe(true);
    expect(focusIsFree({ activeElement: body, body })).toBe(true);
  });
  it('is taken when another element has the focus', () => {
    expect(focusIsFree({ activeElement: other, body })).toBe(false);
  });
});
