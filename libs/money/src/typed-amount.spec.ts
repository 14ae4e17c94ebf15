import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsFromDb, formatCents } from './cents.js';
import { MAX_BALANCE_CENTS, withinBalanceBound } from './limits.js';
import { AMOUNT_MESSAGES, readTypedAmount } from './typed-amount.js';

describe('readTypedAmount: what people type', () => {
  it.each([
    ['45', 4500],
    ['-12.3', -1230],
    ['$45', 4500],
    ['$45.10', 4510],
    ['-$45', -4500],
    ['$-45', -4500],
    ['+45', 4500],
    ['+$1,234.56', 123456],
    ['1,234.56', 123456],
    ['1,000,000', 100000000],
    ['1 000', 100000],
    ['1 234 567.89', 123456789],
    ['1\u00A0000', 100000],
    ['1\u202F000,5'.replace(',5', '.5'), 100050],
    ['(45.00)', -4500],
    ['($1,234.56)', -123456],
    ['( 45 )', -4500],
    ['\u221245.00', -4500],
    ['45.', 4500],
    ['.5', 50],
    ['  12.34  ', 1234],
    ['', 0],
    ['0.00', 0],
    ['-0', 0],
    ['100000000000', MAX_BALANCE_CENTS],
    ['-100,000,000,000.00', -MAX_BALANCE_CENTS],
  ])('%j is %i cents', (text, cents) => {
    expect(readTypedAmount(text)).toEqual({ ok: true, cents });
  });

  it.each([
    ['12abc', AMOUNT_MESSAGES.unreadable],
    ['abc', AMOUNT_MESSAGES.unreadable],
    ['1e5', AMOUNT_MESSAGES.exponent],
    ['1E-2', AMOUNT_MESSAGES.exponent],
    ['12.3.4', 'A number has more than one decimal point'],
    ['1,234.567', AMOUNT_MESSAGES.decimals],
    ['0.001', AMOUNT_MESSAGES.decimals],
    ['12,50', AMOUNT_MESSAGES.grouping],
    ['1,00', AMOUNT_MESSAGES.grouping],
    ['12 34', AMOUNT_MESSAGES.unreadable],
    ['99999999999999', AMOUNT_MESSAGES.tooLarge],
    ['100000000000.01', AMOUNT_MESSAGES.tooLarge],
    ['-100000000000.01', AMOUNT_MESSAGES.tooLarge],
    ['(99999999999999)', AMOUNT_MESSAGES.tooLarge],
    ['99999999999 * 2', AMOUNT_MESSAGES.tooLarge],
    ['9'.repeat(40) + '*' + '9'.repeat(40), AMOUNT_MESSAGES.tooLarge],
    ['-$-45', AMOUNT_MESSAGES.unreadable],
    ['$', 'Missing number'],
    ['-', 'Missing number'],
    ['4 / 0', 'Division by zero'],
  ])('%j is refused: %s', (text, error) => {
    expect(readTypedAmount(text)).toEqual({ ok: false, error });
  });

  it('says the limit in the message', () => {
    expect(AMOUNT_MESSAGES.tooLarge).toBe('The amount must be between -100,000,000,000.00 and 100,000,000,000.00.');
  });

  it.each([
    ['12+3', 1500],
    ['=30+15.67', 4567],
    ['$10 + $2.50', 1250],
    ['(10+5)', 1500],
    ['-(45)', -4500],
    ['100 - (45.00)', 5500],
    ['3.459 * 12', 4151],
    ['1,000 / 8', 12500],
  ])('equations still work: %j is %i cents', (text, cents) => {
    expect(readTypedAmount(text)).toEqual({ ok: true, cents });
  });

  it('reads back every amount the field writes, within the bound', () => {
    fc.assert(
      fc.property(fc.integer({ min: -MAX_BALANCE_CENTS, max: MAX_BALANCE_CENTS }), (cents) => {
        expect(readTypedAmount(formatCents(cents))).toEqual({ ok: true, cents });
        expect(readTypedAmount(`(${formatCents(Math.abs(cents))})`)).toEqual({ ok: true, cents: cents === 0 ? 0 : -Math.abs(cents) });
      }),
      { numRuns: 2000 },
    );
  });
});

describe('the balance bound', () => {
  it('is ±10^13 cents, with sums of 900 balances at the limit still exact', () => {
    expect(MAX_BALANCE_CENTS).toBe(1e13);
    expect(Number.isSafeInteger(MAX_BALANCE_CENTS * 900)).toBe(true);
    expect(withinBalanceBound(MAX_BALANCE_CENTS)).toBe(true);
    expect(withinBalanceBound(-MAX_BALANCE_CENTS)).toBe(true);
    expect(withinBalanceBound(BigInt(MAX_BALANCE_CENTS) + 1n)).toBe(false);
    expect(withinBalanceBound(-MAX_BALANCE_CENTS - 1)).toBe(false);
  });
});

describe('centsFromDb', () => {
  it('reads a sum beyond 2^53 as the nearest number instead of throwing', () => {
    expect(centsFromDb('9007199254740993')).toBe(9007199254740992);
    expect(centsFromDb('-90000000000000000000')).toBe(-90000000000000000000);
    expect(centsFromDb(12n)).toBe(12);
    expect(centsFromDb(null)).toBe(0);
    expect(centsFromDb('-1234')).toBe(-1234);
  });
});
