import { previewAutoAssignment, type RouteResponse } from '@budget/contracts';
import { DataTable, formatDate, moneyDisplay, wireCents, type CategoryTree, type Column } from '@budget/web';

type Preview = RouteResponse<typeof previewAutoAssignment>['data'];
type Match = Preview['matches'][number];
type Move = Preview['balances'][number];

const money = (dollars: number) => moneyDisplay(wireCents(dollars)).text;

/** What a draft rule would claim among the Unassigned transactions, and how the balances would move. */
export function RulePreview({ preview, tree }: { preview: Preview; tree: CategoryTree }) {
  const name = (id: string) => tree.categories.get(id)?.path ?? `#${id}`;
  const matches: Column<Match>[] = [
    { header: 'Date', render: (m) => formatDate(m.date) },
    { header: 'Name', render: (m) => m.name },
    { header: 'Amount', numeric: true, render: (m) => money(m.amount) },
    { header: 'Matched', render: (m) => `“${m.searchString}”` },
  ];
  const moves: Column<Move>[] = [
    { header: 'Category', render: (b) => name(b.categoryId) },
    { header: 'Balance', numeric: true, render: (b) => money(b.balance) },
    { header: 'Change', numeric: true, render: (b) => money(b.change) },
    { header: 'After', numeric: true, render: (b) => money(b.after) },
  ];
  return (
    <section data-testid="rule-preview" aria-label="Preview">
      <p role="status">
        {preview.count === 0
          ? 'No Unassigned transaction matches this rule.'
          : `${preview.count} Unassigned transaction${preview.count === 1 ? '' : 's'} match${preview.count === 1 ? 'es' : ''} this rule${preview.count > preview.matches.length ? ` (the newest ${preview.matches.length} shown)` : ''}.`}
      </p>
      {preview.count > 0 ? (
        <>
          <DataTable label="Matching transactions" columns={matches} rows={preview.matches} rowKey={(m) => m.transactionId} empty="None" />
          <DataTable label="Balance changes" columns={moves} rows={preview.balances} rowKey={(b) => b.categoryId} empty="None" />
        </>
      ) : null}
    </section>
  );
}
