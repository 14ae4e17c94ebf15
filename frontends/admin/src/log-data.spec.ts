import { describe, expect, it } from 'vitest';
import { logText, readableLogMessage } from './log-data.js';

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
