import { describe, expect, test } from 'vitest';
import { WrongExpectedRevisionError } from '../event-store/port.js';
import { ProjectionTimeoutError } from '../projection/projection-timeout.error.js';
import { errorResponse } from './http-error.filter.js';

const conflictOn = (stream: string) => errorResponse(new WrongExpectedRevisionError(stream, 1, 2));

describe('a store conflict answers 409 INCORRECT_VERSION naming what changed', () => {
  test("on a transaction, the spec's text word for word", () => {
    expect(conflictOn('transaction-1')).toEqual([
      409,
      { errors: [{ code: 'INCORRECT_VERSION', status: '409', message: expect.any(String), detail: 'The version of the transaction does not match the version stored in the database.' }] },
    ]);
  });

  test.each([
    ['account-1', /^The account \(or one of its statements or balances\) was changed/],
    ['institution-1', /^The institution was changed/],
    ['budget-u1', /^The budget was changed/],
    ['mystery', /^This record was changed/],
  ])('on %s', (stream, detail) => {
    const [status, body] = conflictOn(stream);
    expect(status).toBe(409);
    expect(body).toMatchObject({ errors: [{ code: 'INCORRECT_VERSION', detail: expect.stringMatching(detail) }] });
  });
});

test('a projection timeout is the 202 with its position', () => {
  expect(errorResponse(new ProjectionTimeoutError(42n, null, 5000))).toEqual([202, { pending: true, position: '42', message: 'Saved — updating balances…' }]);
});
