import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { toRegisterRows } from './register-rows.js';
import { RegisterHead } from './RegisterHead.js';
import { RegisterRowView } from './RegisterRowView.js';
import { split, transaction } from './transaction.testing.js';

/** A flagged bank row shows its mark in every register (server-behaviour §4.3 keeps it beside its original). */
const render = (duplicateOfTransactionId: string | null, onDuplicate?: () => void) => {
  const [row] = toRegisterRows(
    [transaction({ id: 'dup', duplicateOfTransactionId, categories: [split('groceries', -2500)], accountTransaction: { name: 'CITY GROCER', amount: -2500 } })],
    { amountOf: () => -2500, detailOf: () => 'Groceries', balance: null },
  );
  return renderToStaticMarkup(
    <RegisterRowView row={row!} index={0} style={{}} showBalance={false} reconcile={undefined} onOpen={undefined} closedReason={null} onDuplicate={onDuplicate} />,
  );
};

describe('RegisterRowView duplicate mark', () => {
  it('is a button that opens the duplicate dialog in the account register', () => {
    expect(render('orig', vi.fn())).toMatch(/<button type="button" class="[^"]*ui-register__duplicate"[^>]*aria-label="Possible duplicate: CITY GROCER"[^>]*>Duplicate\?<\/button>/);
  });

  it('is a plain badge in a category register, which has no dialog', () => {
    const html = render('orig');
    expect(html).toMatch(/<span class="[^"]*ui-register__duplicate" title="Possible duplicate: resolve it in its account&#x27;s register"[^>]*>Duplicate\?<\/span>/);
    expect(html).not.toContain('<button');
  });

  it('is absent from a row that is not flagged', () => {
    expect(render(null)).not.toContain('Duplicate?');
    expect(render(null, vi.fn())).not.toContain('Duplicate?');
  });
});

/** Category and Unassigned registers show each row's account in a column of its own. */
describe('RegisterRowView account column', () => {
  const long = 'Household Checking at the Very Long Named Credit Union';
  const [row] = toRegisterRows([transaction({ id: 't', categories: [split('g', -900)], accountTransaction: { name: 'CAFE', amount: -9, account: { id: 'a', name: long, institution: { name: 'CU' } } } })], {
    amountOf: () => -900,
    detailOf: () => '',
    balance: null,
  });
  const view = (showAccount: boolean) =>
    renderToStaticMarkup(<RegisterRowView row={row!} index={0} style={{}} showAccount={showAccount} showBalance={false} reconcile={undefined} onOpen={undefined} closedReason={null} />);
  const cells = (html: string) => [...html.matchAll(/role="gridcell" class="[^"]*ui-register__cell--(\w+)"/g)].map((m) => m[1]);

  it('is a cell of its own after the name, with the whole name as its text and its tooltip', () => {
    const html = view(true);
    expect(cells(html)).toEqual(['date', 'name', 'account', 'detail', 'amount']);
    expect(html).toContain(`<div role="gridcell" class="ui-register__cell ui-register__cell--account" title="${long}" data-testid="register-account" data-name-cell="account">${long}</div>`);
  });

  it('marks the name, account and categories as the cells a tap or the keyboard shows whole (NameTip.tsx)', () => {
    expect([...view(true).matchAll(/ui-register__cell--(\w+)"[^>]*data-name-cell="(\w+)"/g)].map((m) => [m[1], m[2]])).toEqual([
      ['name', 'name'],
      ['account', 'account'],
      ['detail', 'detail'],
    ]);
  });

  it('is absent from an account register', () => {
    expect(cells(view(false))).toEqual(['date', 'name', 'detail', 'amount']);
    expect(view(false)).not.toContain(long);
  });

  it('has its own "Account" header, before the detail column', () => {
    const heads = (showAccount: boolean) =>
      [...renderToStaticMarkup(<RegisterHead detailHeader="Category" showAccount={showAccount} showBalance reconcile={false} />).matchAll(/role="columnheader"[^>]*>([^<]+)</g)].map((m) => m[1]);
    expect(heads(true)).toEqual(['Date', 'Name', 'Account', 'Category', 'Amount', 'Balance']);
    expect(heads(false)).toEqual(['Date', 'Name', 'Category', 'Amount', 'Balance']);
  });
});
