import { DataTable, LoadingBlock, useApiData, useCategories, type Column } from '@budget/web';
import { readRules, ruleTargets, type Rule } from './rule-data.js';

/** /auto-assignments: the rules that assign new bank transactions to categories. */
export function AutoAssignmentsPage() {
  const { data: rules, isPending } = useApiData('/api/v1/auto-assignments', readRules);
  const { data: tree } = useCategories();
  const columns: Column<Rule>[] = [
    { header: 'Name', render: (rule) => rule.name },
    { header: 'Search Strings', render: (rule) => rule.searchStrings.join(', ') },
    { header: 'Categories', render: (rule) => ruleTargets(rule, tree) },
  ];
  return (
    <section>
      <h1>Auto Assignments</h1>
      {isPending ? (
        <LoadingBlock />
      ) : (
        <DataTable label="Auto assignments" columns={columns} rows={rules ?? []} rowKey={(rule) => rule.id} empty="No auto-assignment rules" />
      )}
    </section>
  );
}
