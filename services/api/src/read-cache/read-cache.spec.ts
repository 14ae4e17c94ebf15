import { describe, expect, test } from 'vitest';
import { AnswerLru } from './answer-lru.js';
import { matchesIfNoneMatch } from './read-cache.interceptor.js';

describe('AnswerLru', () => {
  test('keeps at most its bytes, dropping the least recently used first', () => {
    const lru = new AnswerLru(40, 40);
    lru.set('a', 'xxxxxxxx'); // 18 bytes
    lru.set('b', 'yyyyyyyy'); // 18 bytes
    expect(lru.get('a')).toBe('xxxxxxxx'); // a is now the newest
    lru.set('c', 'zz'); // 6 bytes: 42 > 40, so b (least recently used) goes
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe('xxxxxxxx');
    expect(lru.get('c')).toBe('zz');
    expect(lru.totalBytes).toBe(24);
  });

  test('never keeps an answer larger than an entry may be, and replacing a key counts it once', () => {
    const lru = new AnswerLru(1000, 20);
    lru.set('big', 'x'.repeat(20));
    expect(lru.get('big')).toBeUndefined();
    lru.set('k', 'one');
    lru.set('k', 'two');
    expect(lru.size).toBe(1);
    expect(lru.totalBytes).toBe(8);
    expect(lru.get('k')).toBe('two');
  });
});

describe('matchesIfNoneMatch', () => {
  test('weak comparison over a list, and *', () => {
    expect(matchesIfNoneMatch(undefined, 'W/"abc"')).toBe(false);
    expect(matchesIfNoneMatch('W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesIfNoneMatch('"abc"', 'W/"abc"')).toBe(true);
    expect(matchesIfNoneMatch('W/"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesIfNoneMatch('W/"abcd"', 'W/"abc"')).toBe(false);
    expect(matchesIfNoneMatch('*', 'W/"abc"')).toBe(true);
  });
});
