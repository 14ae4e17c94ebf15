import { describe, expect, it } from 'vitest';
import { isCut, tipPlace, TIP_MARGIN } from './name-tip.js';

describe('isCut', () => {
  it('is true only when the text is wider than the cell', () => {
    expect(isCut({ scrollWidth: 300, clientWidth: 120 })).toBe(true);
    expect(isCut({ scrollWidth: 120, clientWidth: 120 })).toBe(false);
    expect(isCut({ scrollWidth: 120.4, clientWidth: 120 })).toBe(false);
  });
});

describe('tipPlace', () => {
  const phone = { width: 390, height: 844 };

  it('puts the tip under the cell, at its left edge', () => {
    expect(tipPlace({ left: 20, top: 100, bottom: 120 }, { width: 200, height: 60 }, phone)).toEqual({ left: 20, top: 124 });
  });

  it('pulls a wide tip in from the right edge, never past the left margin', () => {
    expect(tipPlace({ left: 300, top: 100, bottom: 120 }, { width: 200, height: 60 }, phone)).toEqual({ left: 390 - TIP_MARGIN - 200, top: 124 });
    expect(tipPlace({ left: 300, top: 100, bottom: 120 }, { width: 380, height: 60 }, phone).left).toBe(TIP_MARGIN);
  });

  it('goes above the cell when it does not fit under it', () => {
    expect(tipPlace({ left: 20, top: 780, bottom: 800 }, { width: 200, height: 60 }, phone)).toEqual({ left: 20, top: 716 });
  });

  it('sits at the top margin when it fits neither under nor above', () => {
    expect(tipPlace({ left: 20, top: 30, bottom: 50 }, { width: 200, height: 820 }, phone)).toEqual({ left: 20, top: TIP_MARGIN });
  });
});
