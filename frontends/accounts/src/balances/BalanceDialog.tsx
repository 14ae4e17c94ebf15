import { useState, type FormEvent } from 'react';
import { dollarsFromCents } from '@budget/money';
import { changeBalance, recordBalance } from '@budget/contracts';
import { AmountInput, FormDialog, FormError, GENERIC_ERROR, type Id, sendFailure, TextField, toFormErrors, toIsoDate, useLedgerRefresh, useWriteAction, wireCents } from '@budget/web';
import type { BalanceEntry } from './balance-data.js';

/** Add Balance (or edit one): a date and the balance on it; one balance per date. */
export function BalanceDialog({ accountId, entry, onClose }: { accountId: Id; entry: BalanceEntry | null; onClose: () => void }) {
  const saving = useWriteAction();
  const refresh = useLedgerRefresh();
  const [date, setDate] = useState(entry?.date ?? toIsoDate(new Date()));
  const [balance, setBalance] = useState(entry ? wireCents(entry.balance) : 0);
  const [errors, setErrors] = useState<{ date?: string; balance?: string; general?: string | null }>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (date === '') return setErrors({ date: 'A date must be specified.' });
    setBusy(true);
    try {
      // `amount` is the field the spec's client sends (the server still takes `balance`).
      const body = { date, amount: dollarsFromCents(balance) };
      const response = entry?.id
        ? await saving.send(changeBalance, { params: { id: accountId, balanceId: entry.id }, body })
        : await saving.send(recordBalance, { params: { id: accountId }, body });
      if (!response.ok) {
        const mapped = toFormErrors(response.body, ['date', 'amount', 'balance']);
        if (!mapped) return setErrors({ general: GENERIC_ERROR });
        const { amount, ...fields } = mapped.fields;
        return setErrors({ ...fields, balance: fields.balance ?? amount, general: mapped.general });
      }
      await refresh();
      onClose();
    } catch (error) {
      setErrors({ general: sendFailure(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog title={entry ? 'Edit Balance' : 'Add Balance'} busy={busy} onSubmit={submit} onClose={onClose} testId="balance-dialog">
      <div className="ui-field-row">
        <TextField label="Date" type="date" value={date} error={errors.date} onChange={(e) => {
            setDate(e.target.value);
            setErrors(({ date: _cleared, ...rest }) => rest);
          }} />
        <AmountInput label="Balance" value={balance} error={errors.balance} onChange={(cents) => {
            setBalance(cents);
            setErrors(({ balance: _cleared, ...rest }) => rest);
          }} />
      </div>
      <FormError message={errors.general} />
    </FormDialog>
  );
}
