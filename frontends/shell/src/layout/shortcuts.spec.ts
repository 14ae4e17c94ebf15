import { describe, expect, it } from 'vitest';
import { sectionOf, shortcutFor, SHORTCUTS } from './shortcuts.js';

const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean; defaultPrevented: boolean }> = {}) => ({ key: k, ctrlKey: false, metaKey: false, altKey: false, ...mods });
const free = { typing: false, inDialog: false };

describe('keyboard shortcuts', () => {
  it('maps n, f, / and ? to their controls, and nothing else', () => {
    expect(shortcutFor(key('n'), free)?.target).toBe('new-transaction');
    expect(shortcutFor(key('f'), free)?.route).toBe('/home');
    expect(shortcutFor(key('/'), free)).toMatchObject({ target: 'search', act: 'focus', route: '/search' });
    expect(shortcutFor(key('?'), free)?.key).toBe('?');
    expect(shortcutFor(key('x'), free)).toBeNull();
    expect(new Set(SHORTCUTS.map((s) => s.key)).size).toBe(SHORTCUTS.length);
  });

  it('stays out of the way while typing, inside a dialog, with a modifier or once handled', () => {
    expect(shortcutFor(key('n'), { typing: true, inDialog: false })).toBeNull();
    expect(shortcutFor(key('n'), { typing: false, inDialog: true })).toBeNull();
    expect(shortcutFor(key('f', { ctrlKey: true }), free)).toBeNull();
    expect(shortcutFor(key('f', { metaKey: true }), free)).toBeNull();
    expect(shortcutFor(key('f', { altKey: true }), free)).toBeNull();
    expect(shortcutFor(key('f', { defaultPrevented: true }), free)).toBeNull();
  });

  it('names the section of a path', () => {
    expect(sectionOf('/accounts/12')).toBe('accounts');
    expect(sectionOf('/home')).toBe('home');
    expect(sectionOf('/')).toBe('');
  });
});
