import { describe, expect, test } from 'vitest';
import { redact, REDACTED } from './redact.js';

describe('redact', () => {
  test('replaces credentials at any depth and leaves the rest', () => {
    const answer = { access_token: 'access-sandbox-1', item_id: 'item-1', request_id: 'r1', nested: [{ public_token: 'public-sandbox-2', name: 'Checking' }], secret: 's', link_token: 'link-1' };
    expect(redact(answer)).toEqual({
      access_token: REDACTED, item_id: 'item-1', request_id: 'r1', nested: [{ public_token: REDACTED, name: 'Checking' }], secret: REDACTED, link_token: REDACTED,
    });
  });

  test('scrubs a known token wherever it is echoed, and does not change its input', () => {
    const token = 'access-sandbox-0b6e4a1c';
    const request = { error_message: `the token ${token} is expired`, count: 3, flag: null };
    expect(redact(request, [token])).toEqual({ error_message: REDACTED, count: 3, flag: null });
    expect(request.error_message).toContain(token);
  });
});
