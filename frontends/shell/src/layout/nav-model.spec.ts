import { describe, expect, it } from 'vitest';
import { desktopItems, mobileItems, moreItems, type NavContext } from './nav-model.js';

const context = (pathname: string, admin = false): NavContext => ({
  pathname,
  admin,
  target: (base, key) => (key === 'category' ? `${base}/12` : base),
});

describe('navigation model', () => {
  it('lists the desktop entries in order, Admin only for admins', () => {
    expect(desktopItems(context('/home')).map((i) => i.label)).toEqual([
      'Home', 'Bills', 'Accounts', 'Search', 'Reports', 'Auto Assign', 'Logs',
    ]);
    expect(desktopItems(context('/home', true)).at(-1)).toMatchObject({ label: 'Admin', to: '/admin' });
  });

  it('marks the entry whose path prefix holds the current path', () => {
    const active = desktopItems(context('/accounts/7')).filter((i) => i.active);
    expect(active.map((i) => i.label)).toEqual(['Accounts']);
  });

  it('sends Home and Categories to the remembered category', () => {
    expect(desktopItems(context('/bills'))[0]?.to).toBe('/home/12');
    expect(mobileItems(context('/bills'))[0]).toMatchObject({ label: 'Categories', to: '/home/12' });
  });

  it('keeps Plaid Logs in the More menu for admins only', () => {
    expect(moreItems(context('/user')).map((i) => i.label)).toEqual(['Account', 'Auto Assign', 'Search', 'Logs']);
    expect(moreItems(context('/user', true)).map((i) => i.label)).toContain('Plaid Logs');
  });
});
