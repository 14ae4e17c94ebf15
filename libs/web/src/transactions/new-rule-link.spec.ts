import { describe, expect, it } from 'vitest';
import { NEW_RULE_PARAM, newRuleHref } from './new-rule-link.js';

describe('the link to a rule made from a transaction', () => {
  it('carries the name encoded in the query, read back unchanged', () => {
    expect(newRuleHref('Uber & Lyft 50%')).toBe('/auto-assignments?new=Uber+%26+Lyft+50%25');
    expect(new URL(newRuleHref('Uber & Lyft 50%'), 'http://x').searchParams.get(NEW_RULE_PARAM)).toBe('Uber & Lyft 50%');
  });
});
