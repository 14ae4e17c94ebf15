import { expect, test } from 'vitest';
import { decideSignIn } from './sign-in-policy.js';

test('unknown user and wrong password look the same', () => {
  expect(decideSignIn(null, false)).toBe('bad-credentials');
  expect(decideSignIn({ emailVerifiedAt: new Date() }, false)).toBe('bad-credentials');
  expect(decideSignIn({ emailVerifiedAt: null }, false)).toBe('bad-credentials');
});

test('the right password of an unverified address is told to verify; a verified one signs in', () => {
  expect(decideSignIn({ emailVerifiedAt: null }, true)).toBe('unverified');
  expect(decideSignIn({ emailVerifiedAt: new Date() }, true)).toBe('sign-in');
});
