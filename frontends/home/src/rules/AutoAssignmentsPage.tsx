import { useState } from 'react';
import { listAutoAssignments } from '@budget/contracts';
import { Button, DataTable, Loaded, useCategories, useRouteQuery, type Column } from '@budget/web';
import { ruleTargets, type Rule } from './rule-data.js';
import { RuleDialog } from './RuleDialog.js';

/**
 * /auto-assignments: the rules that assign new bank transactions (OFX, CSV, bank sync) to
 * categories, sorted by name; Add opens an empty rule, a rule's Edit opens it.
 */
export function AutoAssignmentsPage() {
  const rules = useRouteQuery(listAutoAssignments, {}, { select: (answer) => answer.data });
  const { data: tree } = useCategories();
  const [editing, setEditing] = useState<Rule | 'new' | null>(null);
  const columns: Column<Rule>[] = [
    { header: 'Name', render: (rule) => rule.name },
    { header: 'Search Strings', render: (rule) => rule.searchStrings.join(', ') },
    { header: 'Categories', render: (rule) => ruleTargets(rule, tree) },
    {
      header: 'Edit',
      render: (rule) => (
        <Button variant="text" aria-label={`Edit ${rule.name}`} onClick={() => setEditing(rule)}>
          Edit
        </Button>
      ),
    },
  ];
  return (
    <section>
      <h1>Auto Assignments</h1>
      <Button disabled={!tree} onClick={() => setEditing('new')}>
        Add Auto Assignment
      </Button>
      <Loaded query={rules} what="The auto-assignment rules">
        {(rows) => <DataTable label="Auto assignments" columns={columns} rows={rows} rowKey={(rule) => rule.id} empty="No auto-assignment rules" />}
      </Loaded>
      {editing && tree ? <RuleDialog tree={tree} rule={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </section>
  );
}
