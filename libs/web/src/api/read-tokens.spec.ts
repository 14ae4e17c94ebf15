import { describe, expect, it } from 'vitest';
import { readTokens } from './read-tokens.js';

describe('readTokens', () => {
  it('reads access and refresh from the data wrapper, ignoring other fields', () => {
    expect(readTokens({ data: { access: 'a', refresh: 'r', username: 'u' } })).toEqual({ access: 'a', refresh: 'r' });
  });

  it.each([undefined, '', {}, { data: { access: 'a' } }, { access: 'a', refresh: 'r' }])('answers null for %j', (body) => {
    expect(readTokens(body)).toBeNull();
  });
});
