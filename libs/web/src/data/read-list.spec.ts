import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readList } from './read-list.js';

const item = z.object({ id: z.number(), name: z.string() });

describe('readList', () => {
  it('reads bare and data-wrapped lists', () => {
    expect(readList(item, [{ id: 1, name: 'a' }])).toEqual([{ id: 1, name: 'a' }]);
    expect(readList(item, { data: [{ id: 2, name: 'b' }] })).toEqual([{ id: 2, name: 'b' }]);
  });

  it('drops entries that do not fit and keeps the rest', () => {
    expect(readList(item, [{ id: 1, name: 'a' }, { id: 'x' }])).toEqual([{ id: 1, name: 'a' }]);
  });

  it('answers null when the body holds no list', () => {
    expect(readList(item, { data: { id: 1 } })).toBeNull();
    expect(readList(item, '')).toBeNull();
    expect(readList(item, null)).toBeNull();
  });
});
