import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { DataTable } from './DataTable.js';
import { Dialog } from './Dialog.js';
import { Menu } from './Menu.js';
import { Tabs } from './Tabs.js';

/** The first render of the primitives, before Radix's parts arrive (issue 18 "Weight" keeps them out of the first load). */
describe('ui primitives before their parts arrive', () => {
  it('draws the tab strip with only the selected tab in the Tab order', () => {
    const html = renderToStaticMarkup(
      <Tabs label="Register views" tabs={[{ id: 'posted', label: 'Transactions' }, { id: 'pending', label: 'Pending' }]} value="pending" onChange={vi.fn()} />,
    );
    expect(html).toContain('role="tablist" aria-label="Register views"');
    expect(html).toMatch(/role="tab"[^>]*aria-selected="false" tabindex="-1">Transactions</);
    expect(html).toMatch(/role="tab"[^>]*aria-selected="true" tabindex="0">Pending</);
  });

  it('draws a menu button that says it opens a menu', () => {
    const html = renderToStaticMarkup(<Menu label="Add…" items={[{ label: 'Group', onSelect: vi.fn() }]} testId="add-menu" />);
    expect(html).toBe('<div class="ui-menu" data-testid="add-menu"><button type="button" class="ui-button" aria-haspopup="menu" aria-expanded="false">Add…</button></div>');
  });

  it('draws nothing for a closed dialog', () => {
    expect(renderToStaticMarkup(<Dialog open={false} title="Close Account" onClose={vi.fn()}>x</Dialog>)).toBe('');
  });

  it('makes a table’s scrolling box a labelled region in the Tab order', () => {
    const html = renderToStaticMarkup(<DataTable label="Bills" columns={[{ header: 'Name', render: (row: string) => row }]} rows={['Rent']} rowKey={(row) => row} empty="No bills" />);
    expect(html).toMatch(/^<div class="ui-table-wrap ui-scroll-area" role="region" aria-label="Bills" tabindex="0"><table class="ui-table" aria-label="Bills">/);
  });
});
