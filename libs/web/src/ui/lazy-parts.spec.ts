import { describe, expect, it, vi } from 'vitest';
import { lazyParts } from './lazy-parts.js';

describe('lazyParts', () => {
  it('fetches the module once, on the first load, and keeps it', async () => {
    const module = { Frame: 'frame' };
    const importer = vi.fn(() => Promise.resolve(module));
    const parts = lazyParts(importer);
    expect(importer).not.toHaveBeenCalled();
    expect(parts.loaded()).toBeNull();
    const first = parts.load();
    const second = parts.load();
    expect(importer).toHaveBeenCalledTimes(1);
    expect(await first).toBe(module);
    expect(await second).toBe(module);
    expect(parts.loaded()).toBe(module);
  });
});
