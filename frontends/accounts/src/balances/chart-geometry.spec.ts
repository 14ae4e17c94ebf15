import { describe, expect, it } from 'vitest';
import { chartGeometry, niceStep } from './chart-geometry.js';

const box = { width: 400, height: 200, left: 60, right: 10, top: 10, bottom: 30 };

describe('balance chart geometry', () => {
  it('picks round steps', () => {
    expect(niceStep(1000, 4)).toBe(500);
    expect(niceStep(125_000, 4)).toBe(50_000);
    expect(niceStep(0, 4)).toBe(1);
  });

  it('spreads days across the plot and puts the lowest guide at the bottom', () => {
    const days = [{ date: '2025-03-01', cents: 0 }, { date: '2025-03-02', cents: 100_000 }, { date: '2025-03-03', cents: 50_000 }];
    const geometry = chartGeometry(days, box);
    expect(geometry.line).toBe('M60.0,170.0 L225.0,10.0 L390.0,90.0');
    expect(geometry.yTicks[0]).toEqual({ y: 170, cents: 0 });
    expect(geometry.yTicks.at(-1)).toEqual({ y: 10, cents: 100_000 });
    expect(geometry.xTicks.map((t) => t.date)).toEqual(['2025-03-01', '2025-03-02', '2025-03-03']);
  });

  it('draws a flat line for one balance', () => {
    const geometry = chartGeometry([{ date: '2025-03-01', cents: 500 }], box);
    expect(geometry.line).toBe('M225.0,170.0');
    expect(geometry.last).toEqual({ x: 225, y: 170 });
    expect(chartGeometry([], box).line).toBe('');
  });
});
