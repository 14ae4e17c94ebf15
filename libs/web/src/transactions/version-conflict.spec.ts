import { describe, expect, it } from 'vitest';
import { isStatementLocked, isVersionConflict } from './version-conflict.js';

describe('isVersionConflict', () => {
  it('recognises 409 INCORRECT_VERSION only', () => {
    expect(isVersionConflict(409, { errors: [{ code: 'INCORRECT_VERSION', message: 'stale' }] })).toBe(true);
    expect(isVersionConflict(409, { errors: [{ code: 'HAS_CHILDREN' }] })).toBe(false);
    expect(isVersionConflict(422, { errors: [{ code: 'INCORRECT_VERSION' }] })).toBe(false);
    expect(isVersionConflict(409, 'Conflict')).toBe(false);
  });
});

describe('isStatementLocked', () => {
  it('recognises 422 statement-locked only', () => {
    expect(isStatementLocked(422, { errors: [{ field: 'statementId', code: 'statement-locked', message: 'locked' }] })).toBe(true);
    expect(isStatementLocked(422, { errors: [{ field: 'amount', code: 'invalid' }] })).toBe(false);
    expect(isStatementLocked(409, { errors: [{ code: 'statement-locked' }] })).toBe(false);
    expect(isStatementLocked(422, null)).toBe(false);
  });
});
