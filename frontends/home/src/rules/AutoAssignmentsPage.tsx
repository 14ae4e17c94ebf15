import { DataTable, Loaded, useApiData, useCategories, type Column } from '@budget/web';
import { readRules, ruleTargets, type Rule } from './rule-data.js';

/**
 * /auto-assignments: the rules that assign new bank transactions to categories. Not routed while
 * the server has no `/auto-assignments` (App shows "not available yet").
 */
export function AutoAssignmentsPage() {
  const rules = useApiData('/api/v1/auto-assignments', readRules);
  const { data: tree } = useCategories();
  const columns: Column<Rule>[] = [
    { header: 'Name', render: (rule) => rule.name },
    { header: 'Search Strings', render: (rule) => rule.searchStrings.join(', ') },
    { header: 'Categories', render: (rule) => ruleTargets(rule, tree) },
  ];
  return (
    <section>
      <h1>Auto Assignments</h1>
      <Loaded query={rules} what="The auto-assignment rules">
        {(rows) => <DataTable label="Auto assignments" columns={columns} rows={rows} rowKey={(rule) => rule.id} empty="No auto-assignment rules" />}
      </Loaded>
    </section>
  );
}
