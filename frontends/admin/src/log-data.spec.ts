import { describe, expect, it } from 'vitest';
import { logActions, logText, readableLogMessage } from './log-data.js';

describe('logs', () => {
  it('shows logged payloads as text', () => {
    expect(logText('/accounts/get')).toBe('/accounts/get');
    expect(logText({ a: 1 })).toBe('{\n  "a": 1\n}');
    expect(logText(null)).toBe('');
  });
});

describe('transaction log lines', () => {
  it('formats amounts as money and dates in the user\'s format, leaving quoted names alone', () => {
    expect(readableLogMessage('You added "Rent 1200.00" for -1234567.50')).toBe('You added "Rent 1200.00" for -1,234,567.50');
    expect(readableLogMessage('You changed the date from 2025-03-05 to 2025-03-06, changed the amount from -45.67 to 1000.00 on "Market"')).toBe(
      'You changed the date from 03/05/2025 to 03/06/2025, changed the amount from -45.67 to 1,000.00 on "Market"',
    );
    expect(readableLogMessage('You changed the principle from -100.00 to -2500.00 on "Loan"')).toBe('You changed the principal from -100.00 to -2,500.00 on "Loan"');
  });
});

describe('log actions', () => {
  const line = (id: string, correlationId: string | null) => ({
    id, createdAt: `2025-03-01T12:00:0${id}.000Z`, message: id, changes: {}, transactionId: id, actor: 'user', accountId: null, correlationId, causationId: null,
  });
  it("groups one action's consecutive lines, and keeps a line without a correlation id alone", () => {
    const actions = logActions([line('1', 'a'), line('2', 'a'), line('3', 'b'), line('4', null), line('5', null), line('6', 'a')]);
    expect(actions.map((a) => a.lines.map((l) => l.id))).toEqual([['1', '2'], ['3'], ['4'], ['5'], ['6']]);
  });
  it('formats an amount before a colon as money', () => {
    expect(readableLogMessage('Undid the rule\'s assignment of "X" -1234.50: from A back to B')).toBe('Undid the rule\'s assignment of "X" -1,234.50: from A back to B');
  });
});
