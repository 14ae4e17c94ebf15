import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { listAutoAssignments } from '@budget/contracts';
import { Button, DataTable, Loaded, NEW_RULE_CATEGORY_PARAM, NEW_RULE_MATCH_PARAM, NEW_RULE_PARAM, useCategories, useRouteQuery, type Column } from '@budget/web';
import { ruleConditionsText, ruleTargets, type Rule } from './rule-data.js';
import { RuleDialog } from './RuleDialog.js';

/**
 * /auto-assignments: the rules that assign new bank transactions (OFX, CSV, bank sync) to
 * categories, sorted by name (the Name header turns the order round); Add opens an empty rule, a rule's Edit opens it, and
 * `?new=<name>` (a register's "Make a rule from this one") opens a new rule prefilled from that name.
 */
export function AutoAssignmentsPage() {
  // A bare array, as the spec's client reads it (server-behaviour §4.5).
  const rules = useRouteQuery(listAutoAssignments, {});
  const { data: tree } = useCategories();
  const [params, setParams] = useSearchParams();
  const fromName = params.get(NEW_RULE_PARAM);
  // "Make a rule?" (docs/architecture.md §4.4): name equals the payee, and the category it was given.
  const prefill = { equals: params.get(NEW_RULE_MATCH_PARAM) === 'equals', categoryId: params.get(NEW_RULE_CATEGORY_PARAM) };
  const [chosen, setEditing] = useState<Rule | 'new' | null>(null);
  const editing = chosen ?? (fromName ? 'new' : null);
  const close = () => {
    setEditing(null);
    // The prefill is used once: a reload or Back does not open the dialog again.
    if (fromName === null) return;
    const rest = new URLSearchParams(params);
    rest.delete(NEW_RULE_PARAM);
    rest.delete(NEW_RULE_MATCH_PARAM);
    rest.delete(NEW_RULE_CATEGORY_PARAM);
    setParams(rest, { replace: true });
  };
  const columns: Column<Rule>[] = [
    { header: 'Name', render: (rule) => rule.name, sortKey: (rule) => rule.name },
    { header: 'Search Strings', render: (rule) => ruleConditionsText(rule) },
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
      {editing && tree ? <RuleDialog tree={tree} rule={editing === 'new' ? null : editing} fromName={editing === 'new' ? fromName : null} prefill={prefill} onClose={close} /> : null}
    </section>
  );
}
