import { describe, expect, it } from 'vitest';
import { logText } from './log-data.js';

describe('logs', () => {
  it('shows logged payloads as text', () => {
    expect(logText('/accounts/get')).toBe('/accounts/get');
    expect(logText({ a: 1 })).toBe('{\n  "a": 1\n}');
    expect(logText(null)).toBe('');
  });
});
