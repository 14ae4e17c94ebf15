import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

/**
 * Which amount fields of a dialog hold text that cannot be read. An amount field reports itself
 * here; the dialog's Save button is disabled while any field is unreadable (so neither a click
 * nor Enter saves a stale amount), and the field shows why and keeps what was typed.
 */
interface AmountValidity {
  report: (fieldId: string, unreadable: boolean) => void;
  blocked: boolean;
}

const AmountValidityContext = createContext<AmountValidity>({ report: () => undefined, blocked: false });

/** The set of unreadable fields once `fieldId` has reported; the same set when nothing changed. */
export function withFieldReport(unreadable: ReadonlySet<string>, fieldId: string, isUnreadable: boolean): ReadonlySet<string> {
  if (unreadable.has(fieldId) === isUnreadable) return unreadable;
  const next = new Set(unreadable);
  if (isUnreadable) next.add(fieldId);
  else next.delete(fieldId);
  return next;
}

/** Wraps a dialog's fields and buttons (Dialog does it): its Save waits for every amount to read. */
export function AmountValidityScope({ children }: { children: ReactNode }) {
  const [unreadable, setUnreadable] = useState<ReadonlySet<string>>(() => new Set());
  const report = useCallback((fieldId: string, isUnreadable: boolean) => setUnreadable((current) => withFieldReport(current, fieldId, isUnreadable)), []);
  const value = useMemo(() => ({ report, blocked: unreadable.size > 0 }), [report, unreadable]);
  return <AmountValidityContext.Provider value={value}>{children}</AmountValidityContext.Provider>;
}

/** Whether an amount field of this dialog holds unreadable text (Save is then disabled). */
export function useSaveBlocked(): boolean {
  return useContext(AmountValidityContext).blocked;
}

/** An amount field tells its dialog whether its text is unreadable (and no longer once it unmounts). */
export function useReportAmountValidity(fieldId: string, unreadable: boolean): void {
  const { report } = useContext(AmountValidityContext);
  useEffect(() => report(fieldId, unreadable), [report, fieldId, unreadable]);
  useEffect(() => () => report(fieldId, false), [report, fieldId]);
}
