import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { toRegisterRows } from './register-rows.js';
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
