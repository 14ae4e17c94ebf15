import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../api/token-store.js';
import { forgetSelections, recall, remember, rememberedRoute } from './remembered.js';

describe('remembered selections', () => {
  beforeEach(() => vi.stubGlobal('localStorage', memoryStorage()));
  afterEach(() => vi.unstubAllGlobals());

  it('returns to the base route until something is remembered', () => {
    expect(rememberedRoute('/home', 'category')).toBe('/home');
    remember('category', '12');
    expect(rememberedRoute('/home', 'category')).toBe('/home/12');
  });

  it('forgets one selection, or all of them on sign-out', () => {
    remember('category', '12');
    remember('account', '7');
    remember('category', null);
    expect(recall('category')).toBeNull();
    forgetSelections();
    expect(recall('account')).toBeNull();
  });
});
