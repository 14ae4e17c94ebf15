import { useState } from 'react';
import { editTransaction } from '@budget/contracts';
import type { Id } from '../data/id.js';
import { useLedgerRefresh } from '../data/use-ledger-refresh.js';
import { reconcileToggle } from '../register/reconcile.js';
import type { RegisterRow } from '../register/register-rows.js';
import type { ReconcileColumn } from '../register/RegisterRowView.js';
import { useSession } from '../session/session-context.js';
import { isVersionConflict } from './version-conflict.js';

const without = <K, V>(map: ReadonlyMap<K, V>, key: K) => new Map([...map].filter(([k]) => k !== key));

/** The column, whose toggle may confirm a change to a finished statement (`?unlock=statement`, docs/architecture.md §9.7). */
export interface UnlockableReconcileColumn extends ReconcileColumn {
  onToggle: (row: RegisterRow, unlock?: boolean) => void;
}

/**
 * The register's reconcile column against the selected statement: a click PATCHes
 * `{version, statementId}` following the toggle rules of spec §4; `unlock` sends it with
 * `?unlock=statement` (the user confirmed changing a finished statement).
 */
export function useReconcile(statementId: Id | null, onConflict: () => void): UnlockableReconcileColumn {
  const { api } = useSession();
  const refresh = useLedgerRefresh();
  const [overrides, setOverrides] = useState<ReadonlyMap<Id, Id | null>>(new Map());
  const [busy, setBusy] = useState<ReadonlySet<Id>>(new Set());

  const onToggle = async (row: RegisterRow, unlock: boolean) => {
    const current = overrides.has(row.id) ? overrides.get(row.id) : row.transaction.accountTransaction?.statementId;
    const change = reconcileToggle(statementId, current);
    if (change === null) return;
    // The box shows the new state at once; it goes back if the server refuses.
    setOverrides((map) => new Map(map).set(row.id, change.statementId));
    setBusy((ids) => new Set(ids).add(row.id));
    try {
      const query = unlock ? { unlock: 'statement' as const } : {};
      const response = await api.send(editTransaction, { params: { id: row.id }, query, body: { version: row.transaction.version, statementId: change.statementId } });
      if (isVersionConflict(response.status, response.body)) onConflict();
      else if (response.ok) await refresh();
    } catch {
      // The box goes back; a stored-but-pending change shows once the register reloads.
      await refresh();
    } finally {
      setOverrides((map) => without(map, row.id));
      setBusy((ids) => new Set([...ids].filter((id) => id !== row.id)));
    }
  };

  return { statementId, busy, overrides, onToggle: (row, unlock = false) => void onToggle(row, unlock) };
}
