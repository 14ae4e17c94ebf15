import { describe, expect, it } from 'vitest';
import { isVersionConflict } from './version-conflict.js';

describe('isVersionConflict', () => {
  it('recognises 409 INCORRECT_VERSION only', () => {
    expect(isVersionConflict(409, { errors: [{ code: 'INCORRECT_VERSION', message: 'stale' }] })).toBe(true);
    expect(isVersionConflict(409, { errors: [{ code: 'HAS_CHILDREN' }] })).toBe(false);
    expect(isVersionConflict(422, { errors: [{ code: 'INCORRECT_VERSION' }] })).toBe(false);
    expect(isVersionConflict(409, 'Conflict')).toBe(false);
  });
});
