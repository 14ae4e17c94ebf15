import { describe, expect, it } from 'vitest';
import { placePanel } from './use-anchor-rect.js';

describe('placePanel', () => {
  const rect = (anchorTop: number) => ({ top: anchorTop + 40, left: 10, width: 200, anchorTop });

  it('opens under the anchor when the panel fits there', () => {
    expect(placePanel(rect(100), 250, 800)).toEqual({ top: 140 });
  });

  it('opens above the anchor near the bottom of the screen', () => {
    expect(placePanel(rect(700), 250, 800)).toEqual({ bottom: 104 });
  });

  it('stays under the anchor when there is even less room above', () => {
    expect(placePanel(rect(60), 250, 200)).toEqual({ top: 100 });
  });
});
