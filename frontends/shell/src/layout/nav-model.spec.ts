import { describe, expect, it } from 'vitest';
import { desktopItems, mobileItems, moreItems, pageTitle, type NavContext } from './nav-model.js';

const context = (pathname: string, admin = false): NavContext => ({
  pathname,
  admin,
  target: (base, key) => (key === 'category' ? `${base}/12` : base),
});

describe('navigation model', () => {
  it('lists the desktop entries in the order of spec §2, and Plaid Logs for admins only', () => {
    const labels = ['Home', 'Month', 'Bills', 'Schedules', 'Accounts', 'Search', 'Reports', 'Auto Assign', 'Logs'];
    expect(desktopItems(context('/home')).map((i) => i.label)).toEqual(labels);
    expect(desktopItems(context('/home', true)).map((i) => i.label)).toEqual([...labels, 'Plaid Logs']);
  });

  it('marks the entry whose path prefix holds the current path', () => {
    const active = desktopItems(context('/accounts/7')).filter((i) => i.active);
    expect(active.map((i) => i.label)).toEqual(['Accounts']);
  });

  it('sends Home and Categories to the remembered category', () => {
    expect(desktopItems(context('/bills'))[0]?.to).toBe('/home/12');
    expect(mobileItems(context('/bills'))[0]).toMatchObject({ label: 'Categories', to: '/home/12' });
  });

  it('offers Account, Auto Assign, Search and Logs in the More menu, and Plaid Logs to admins only', () => {
    expect(moreItems(context('/user')).map((i) => i.label)).toEqual(['Month', 'Schedules', 'Account', 'Auto Assign', 'Search', 'Logs']);
    expect(moreItems(context('/user', true)).map((i) => i.label)).toEqual(['Month', 'Schedules', 'Account', 'Auto Assign', 'Search', 'Logs', 'Plaid Logs']);
  });

  it('sends the mobile Reports icon to /reports (the spec\'s icon only wrote a log line), active under it', () => {
    expect(mobileItems(context('/reports/payee')).map((i) => i.label)).toEqual(['Categories', 'Bills', 'Accounts', 'Reports']);
    expect(mobileItems(context('/reports/payee')).at(-1)).toEqual({ label: 'Reports', icon: 'reports', to: '/reports', active: true });
  });

  it('titles the phone header with the destination a page sits under', () => {
    expect(pageTitle('/home')).toBe('Categories');
    expect(pageTitle('/home/rebalances')).toBe('Categories');
    expect(pageTitle('/accounts/7')).toBe('Accounts');
    expect(pageTitle('/auto-assignments')).toBe('Auto Assign');
    expect(pageTitle('/schedules')).toBe('Schedules');
    expect(pageTitle('/user')).toBe('Account');
    expect(pageTitle('/admin')).toBe('Plaid Logs');
    expect(pageTitle('/elsewhere')).toBe('Budget');
  });
});
