import { useState, type FormEvent } from 'react';
import { changeSchedule, createSchedule, SCHEDULE_UNITS, type ScheduleUnit, type ScheduleView } from '@budget/contracts';
import { FormDialog, FormError, GENERIC_ERROR, SelectField, sendFailure, TextField, toFormErrors, useLedgerRefresh, useWriteAction, type CategoryTree, type SelectOption } from '@budget/web';
import { newScheduleForm, SCHEDULE_FIELDS, scheduleBody, scheduleFormFrom, validateSchedule, type ScheduleForm } from './schedule-form.js';

export interface ScheduleDialogProps {
  /** The schedule to edit (all its future occurrences); null for a new one. */
  schedule: ScheduleView | null;
  accounts: readonly SelectOption[];
  tree: CategoryTree;
  today: string;
  onClose: () => void;
}

const UNIT_LABELS: Record<ScheduleUnit, string> = { day: 'Days', week: 'Weeks', month: 'Months' };

/**
 * Add or Edit Schedule: payee, account, signed amount, one category (or Unassigned), every N days,
 * weeks or months from a first date, a day of the month, an optional end date. Editing changes every
 * occurrence not posted yet. One Save is one write action: its Idempotency-Key stays the same across
 * the user's retries.
 */
export function ScheduleDialog({ schedule, accounts, tree, today, onClose }: ScheduleDialogProps) {
  const [form, setForm] = useState<ScheduleForm>(() => (schedule ? scheduleFormFrom(schedule) : newScheduleForm(today, accounts[0]?.value ?? '')));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const saving = useWriteAction();
  const refresh = useLedgerRefresh();
  const set = (part: Partial<ScheduleForm>) => {
    setForm((current) => ({ ...current, ...part }));
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !(field in part))));
  };
  const categories: SelectOption[] = [
    { value: '', label: 'Unassigned' },
    ...[...tree.categories.values()]
      .filter((c) => c.id !== tree.unassigned?.id && c.id !== tree.fundingPool?.id && c.id !== tree.accountTransfer?.id)
      .sort((a, b) => a.path.localeCompare(b.path))
      .map((c) => ({ value: c.id, label: c.path })),
  ];

  // A bill is a BILL category; picking one also puts the whole amount in it unless a category was chosen.
  const bills: SelectOption[] = [
    { value: '', label: 'None' },
    ...[...tree.categories.values()].filter((c) => c.type === 'BILL').sort((a, b) => a.path.localeCompare(b.path)).map((c) => ({ value: c.id, label: c.path })),
  ];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validateSchedule(form);
    setErrors(checked);
    if (Object.keys(checked).length > 0) return;
    setBusy(true);
    try {
      const body = scheduleBody(form);
      const response = schedule ? await saving.send(changeSchedule, { params: { id: schedule.id }, body }) : await saving.send(createSchedule, { body });
      if (!response.ok) {
        const found = toFormErrors(response.body, [...SCHEDULE_FIELDS]);
        setErrors(Object.fromEntries(Object.entries(found?.fields ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === 'string')));
        return setGeneral(found?.general ?? (found && Object.keys(found.fields).length > 0 ? null : GENERIC_ERROR));
      }
      await refresh();
      onClose();
    } catch (error) {
      setGeneral(sendFailure(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog title={schedule ? 'Edit Schedule' : 'Add Schedule'} busy={busy} onSubmit={submit} onClose={onClose} testId="schedule-dialog" wide>
      <TextField label="Payee" autoFocus value={form.name} error={errors.name} onChange={(e) => set({ name: e.target.value })} />
      <SelectField label="Account" value={form.accountId} options={[{ value: '', label: 'Choose an account' }, ...accounts]} error={errors.accountId} onChange={(e) => set({ accountId: e.target.value })} />
      <TextField label="Amount (money out is negative)" inputMode="decimal" value={form.amount} error={errors.amount ?? errors.categories} onChange={(e) => set({ amount: e.target.value })} />
      <SelectField label="Category" value={form.categoryId} options={categories} onChange={(e) => set({ categoryId: e.target.value })} />
      {bills.length > 1 ? (
        <SelectField
          label="Pays the bill (optional)"
          value={form.billId}
          options={bills}
          error={errors.billId}
          onChange={(e) => set(form.categoryId === '' && e.target.value !== '' ? { billId: e.target.value, categoryId: e.target.value } : { billId: e.target.value })}
        />
      ) : null}
      <div className="schedule-dialog__repeat">
        <TextField label="Every" inputMode="numeric" value={form.every} error={errors.every} onChange={(e) => set({ every: e.target.value })} />
        <SelectField label="Unit" value={form.unit} options={SCHEDULE_UNITS.map((unit) => ({ value: unit, label: UNIT_LABELS[unit] }))} onChange={(e) => set({ unit: e.target.value as ScheduleUnit })} />
      </div>
      <TextField label="First date" type="date" value={form.startDate} error={errors.startDate} onChange={(e) => set({ startDate: e.target.value })} />
      {form.unit === 'month' ? (
        <TextField label="Day of month (optional)" inputMode="numeric" value={form.dayOfMonth} error={errors.dayOfMonth} onChange={(e) => set({ dayOfMonth: e.target.value })} />
      ) : null}
      <TextField label="End date (optional)" type="date" value={form.endDate} error={errors.endDate} onChange={(e) => set({ endDate: e.target.value })} />
      <FormError message={general} />
    </FormDialog>
  );
}
