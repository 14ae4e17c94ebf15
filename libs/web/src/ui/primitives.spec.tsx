import { renderToStaticMarkup } from 'react-dom/server';
import { formatCents } from '@budget/money';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, sortOrder, type Column, type TableSort } from './DataTable.js';
import { Dialog } from './Dialog.js';
import { Menu } from './Menu.js';
import { TableFrame } from './parts/TableFrame.js';
import { Tabs } from './Tabs.js';

/** The first render of the primitives, before Radix's parts arrive (kept out of the first load, docs/architecture.md §9). */
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

  it('draws a table as plain markup in the same look, sortable headers saying "none"', () => {
    const html = renderToStaticMarkup(
      <DataTable label="Bills" columns={[{ header: 'Name', render: (row: string) => row, sortKey: (row) => row }, { header: 'Len', numeric: true, render: (row: string) => row.length }]} rows={['Rent']} rowKey={(row) => row} empty="No bills" />,
    );
    expect(html).toBe(
      '<div class="ui-table-wrap"><table class="ui-table" aria-label="Bills"><thead><tr><th scope="col" aria-sort="none">Name</th><th scope="col" class="ui-table__num">Len</th></tr></thead>' +
        '<tbody><tr><td>Rent</td><td class="ui-table__num">4</td></tr></tbody></table></div>',
    );
  });
});

interface Bill {
  id: number;
  name: string;
  cents: number;
}

const bills: Bill[] = [
  { id: 1, name: 'rent', cents: 120_000 },
  { id: 2, name: 'Phone', cents: 4_500 },
  { id: 3, name: 'water', cents: 4_500 },
  { id: 4, name: 'Insurance', cents: 9_010 },
];

const billColumns: Column<Bill>[] = [
  { header: 'Name', render: (bill) => bill.name, sortKey: (bill) => bill.name },
  { header: 'Amount', numeric: true, render: (bill) => formatCents(bill.cents), sortKey: (bill) => bill.cents },
  { header: 'Edit', render: (bill) => <button type="button">Edit {bill.name}</button> },
];

/** The rows in the order `sort` asks for, as DataTable draws them. */
const sortTableRows = (rows: readonly Bill[], columns: readonly Column<Bill>[], sort: TableSort | null) => sortOrder(rows, columns, sort).map((index) => rows[index]!);
const names = (rows: readonly Bill[]) => rows.map((bill) => bill.name);
const keyed = (rows: readonly Bill[]) => rows.map((row) => ({ key: row.id, row }));
const frame = (rows: readonly Bill[], sort: TableSort | null) =>
  renderToStaticMarkup(<TableFrame label="Bills" columns={billColumns} rows={keyed(rows)} empty="No bills" sort={sort} onSort={vi.fn()} />);
const cellTexts = (html: string) => [...html.matchAll(/role="rowheader"[^>]*>([^<]*)</g)].map((match) => match[1]);

describe('DataTable sorting', () => {
  it('sorts amounts as numbers and text by the locale (case aside), both ways', () => {
    expect(names(sortTableRows(bills, billColumns, { column: 'Name', direction: 'ascending' }))).toEqual(['Insurance', 'Phone', 'rent', 'water']);
    expect(names(sortTableRows(bills, billColumns, { column: 'Name', direction: 'descending' }))).toEqual(['water', 'rent', 'Phone', 'Insurance']);
    expect(names(sortTableRows(bills, billColumns, { column: 'Amount', direction: 'ascending' }))).toEqual(['Phone', 'water', 'Insurance', 'rent']);
  });

  it('keeps equal rows in the order given, in either direction', () => {
    expect(names(sortTableRows(bills, billColumns, { column: 'Amount', direction: 'descending' }))).toEqual(['rent', 'Insurance', 'Phone', 'water']);
  });

  it('keeps the order given without a sort or for a column without a sort key', () => {
    expect(names(sortTableRows(bills, billColumns, null))).toEqual(['rent', 'Phone', 'water', 'Insurance']);
    expect(names(sortTableRows(bills, billColumns, { column: 'Edit', direction: 'descending' }))).toEqual(['rent', 'Phone', 'water', 'Insurance']);
    expect(sortOrder(bills, billColumns, { column: 'Amount', direction: 'ascending' })).toEqual([1, 2, 3, 0]);
  });
});

/** The table once React Aria Components' parts are here (the frame DataTable draws then). */
describe('DataTable on React Aria Components', () => {
  it('is a labelled grid in the Tab order with column headers, each row headed by its first cell', () => {
    const html = frame(bills, null);
    expect(html).toMatch(/<table class="ui-table"[^>]*aria-label="Bills"[^>]*role="grid" tabindex="0"/);
    expect([...html.matchAll(/role="columnheader"[^>]*>([^<]*)</g)].map((match) => match[1])).toEqual(['Name', 'Amount', 'Edit']);
    expect(cellTexts(html)).toEqual(['rent', 'Phone', 'water', 'Insurance']);
    expect(html).toMatch(/class="ui-table__num ui-table__sortable"[^>]*>Amount</);
    expect(html).toMatch(/role="gridcell"[^>]*><button type="button">Edit rent<\/button><\/td>/);
  });

  it('says which column sorts the rows and which way (aria-sort), sortable ones "none" otherwise', () => {
    const html = frame(sortTableRows(bills, billColumns, { column: 'Amount', direction: 'descending' }), { column: 'Amount', direction: 'descending' });
    expect(html).toMatch(/<th [^>]*role="columnheader"[^>]*aria-sort="none"[^>]*>Name/);
    expect(html).toMatch(/<th [^>]*role="columnheader"[^>]*aria-sort="descending"[^>]*>Amount<span class="ui-table__sort-mark" aria-hidden="true">▼<\/span>/);
    expect(html).not.toMatch(/aria-sort="[a-z]+"[^>]*>Edit/);
    expect(cellTexts(html)).toEqual(['rent', 'Insurance', 'Phone', 'water']);
  });

  it('shows the empty message in a row of its own', () => {
    const html = frame([], null);
    expect(html).toMatch(/<tbody[^>]*data-empty="true"><tr role="row"><td role="rowheader" colSpan="3"><div class="ui-table__empty">No bills<\/div><\/td><\/tr><\/tbody>/);
  });
});
