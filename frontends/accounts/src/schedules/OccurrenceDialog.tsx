import { useState, type FormEvent } from 'react';
import { changeScheduleOccurrence, type UpcomingView } from '@budget/contracts';
import { centsToDecimalString } from '@budget/money';
import { FormDialog, FormError, GENERIC_ERROR, sendFailure, TextField, toFormErrors, useLedgerRefresh, useWriteAction, wireCents } from '@budget/web';

const FIELDS = ['postDate', 'name', 'amount', 'categories', 'date'] as const;
const AMOUNT = /^-?\d{1,13}(\.\d{1,2})?$/;

/**
 * Edit one occurrence alone (docs/architecture.md §8.1): the date it posts on (at most 31 days from
 * its own), its payee and amount; the schedule and its other occurrences stay as they are.
 */
export function OccurrenceDialog({ occurrence, onClose }: { occurrence: UpcomingView; onClose: () => void }) {
  const [postDate, setPostDate] = useState(occurrence.postDate);
  const [name, setName] = useState(occurrence.name);
  const [amount, setAmount] = useState(() => centsToDecimalString(wireCents(occurrence.amount)));
  const [errors, setErrors] = useState<Partial<Record<(typeof FIELDS)[number], string>>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const saving = useWriteAction();
  const refresh = useLedgerRefresh();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return setErrors({ name: 'A payee name must be provided.' });
    if (!AMOUNT.test(amount.trim())) return setErrors({ amount: 'The amount must be a number with at most two decimals.' });
    setBusy(true);
    try {
      const response = await saving.send(changeScheduleOccurrence, {
        params: { id: occurrence.scheduleId },
        body: { date: occurrence.date, postDate, name: name.trim(), amount: amount.trim() },
      });
      if (!response.ok) {
        const found = toFormErrors(response.body, FIELDS);
        setErrors(found?.fields ?? {});
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
    <FormDialog title={`Edit the occurrence of ${occurrence.date}`} busy={busy} onSubmit={submit} onClose={onClose} testId="occurrence-dialog">
      <TextField label="Posts on" type="date" value={postDate} error={errors.postDate ?? errors.date} onChange={(e) => setPostDate(e.target.value)} />
      <TextField label="Payee" value={name} error={errors.name} onChange={(e) => setName(e.target.value)} />
      <TextField label="Amount (money out is negative)" inputMode="decimal" value={amount} error={errors.amount ?? errors.categories} onChange={(e) => setAmount(e.target.value)} />
      <FormError message={general} />
    </FormDialog>
  );
}
