import { DataTable, formatDate, moneyDisplay, wireCents, type CategoryTree, type Column } from '@budget/web';
import { previewStatus, type RulePreviewData } from './apply-summary.js';

type Match = RulePreviewData['matches'][number];
type Move = RulePreviewData['balances'][number];

const money = (dollars: number) => moneyDisplay(wireCents(dollars)).text;

/**
 * What a rule would claim among ALL the Unassigned transactions — exactly what an apply would
 * change — and how the balances would move; rows dated before their account's start date are
 * marked as outside the budget (they take the splits, they move no balance).
 */
export function RulePreview({ preview, tree }: { preview: RulePreviewData; tree: CategoryTree }) {
  const name = (id: string) => tree.categories.get(id)?.path ?? `#${id}`;
  const matches: Column<Match>[] = [
    { header: 'Date', render: (m) => formatDate(m.date) },
    { header: 'Name', render: (m) => m.name },
    { header: 'Amount', numeric: true, render: (m) => money(m.amount) },
    { header: 'Matched', render: (m) => `“${m.searchString}”` },
    { header: 'In budget', render: (m) => (m.inBudget ? 'Yes' : 'No: before the start date') },
  ];
  const moves: Column<Move>[] = [
    { header: 'Category', render: (b) => name(b.categoryId) },
    { header: 'Balance', numeric: true, render: (b) => money(b.balance) },
    { header: 'Change', numeric: true, render: (b) => money(b.change) },
    { header: 'After', numeric: true, render: (b) => money(b.after) },
  ];
  return (
    <section data-testid="rule-preview" aria-label="Preview">
      <p role="status">{previewStatus(preview)}</p>
      {preview.count > 0 ? (
        <>
          <DataTable label="Matching transactions" columns={matches} rows={preview.matches} rowKey={(m) => m.transactionId} empty="None" />
          <DataTable label="Balance changes" columns={moves} rows={preview.balances} rowKey={(b) => b.categoryId} empty="No balance moves" />
        </>
      ) : null}
    </section>
  );
}
