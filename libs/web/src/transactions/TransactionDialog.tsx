import { useId, useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { listConnectedAccounts, listPayees, type PayeeView } from '@budget/contracts';
import { useSession } from '../session/session-context.js';
import type { CategoryTree } from '../categories/category-tree.js';
import type { Id } from '../data/id.js';
import { toIsoDate } from '../dates/format-date.js';
import { AmountInput } from '../money/AmountInput.js';
import type { TransactionData } from '../register/transaction-data.js';
import { EditDialogActions } from '../ui/EditDialogActions.js';
import { ConfirmDialog } from '../ui/ConfirmDialog.js';
import { Dialog } from '../ui/Dialog.js';
import { FormError } from '../ui/FormError.js';
import { withoutFieldErrors } from '../forms/form-errors.js';
import { TextField } from '../ui/TextField.js';
import { Button, ButtonLink } from '../ui/Button.js';
import { LoanFields } from './LoanFields.js';
import { PaymentChannelNote } from './PaymentChannelNote.js';
import { TippedBillNote } from './TippedBillNote.js';
import { useEveryPage } from '../data/every-page.js';
import { SelectField } from '../ui/SelectField.js';
import { counterTransfer, transferChoices, transferName, transferSplits, type TransferAccount } from './transfer.js';
import { isLoanType } from './loan.js';
import { SplitRows } from './SplitRows.js';
import { isBankRow } from './transaction-editing.js';
import { newRuleHref } from './new-rule-link.js';
import { amountForFlow, flowOf, withFlow, type Flow } from './flow.js';
import { PayeeField } from './PayeeField.js';
import './transaction-dialog.css';
import { declinedPayees, declineRuleFor, offersRule, payeeNamed, soleCategory, splitsForPayee } from './payee-suggestion.js';
import { asksToSaveZero, emptyForm, formFromTransaction, hasErrors, validateTransaction, type TransactionForm, type TransactionFormErrors } from './transaction-form.js';
import { useTransactionSave, type SaveOutcome } from './use-transaction-save.js';
import { LOCKED_ROW } from './version-conflict.js';

/** What the dialog opens on; `accountType` "loan" adds the principle and interest fields. */
export type TransactionTarget = ({ accountId: Id } | { transaction: TransactionData }) & { accountType?: string | null };

export interface TransactionDialogProps {
  target: TransactionTarget;
  tree: CategoryTree;
  onClose: () => void;
  /** The server refused a stale version: close, reload and tell the user. */
  onConflict: () => void;
}

const NO_ERRORS: TransactionFormErrors = { fields: {}, general: null };

/** Adds a manual transaction, or edits a bank or manual one (bank rows keep date, name and amount). */
export function TransactionDialog({ target, tree, onClose, onConflict }: TransactionDialogProps) {
  const formId = useId();
  const editing = 'transaction' in target ? target.transaction : null;
  const bank = editing !== null && isBankRow(editing);
  const loan = isLoanType(target.accountType);
  const [form, setForm] = useState<TransactionForm>(() => (editing ? formFromTransaction(editing) : emptyForm(toIsoDate(new Date()))));
  const [errors, setErrors] = useState(NO_ERRORS);
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [confirmingZero, setConfirmingZero] = useState(false);
  // A row of a finished statement: the refused save or delete, asked about before it is sent again unlocked.
  const [locked, setLocked] = useState<'save' | 'delete' | null>(null);
  const [storedAmount] = useState(() => (editing ? formFromTransaction(editing).amount : null));
  const save = useTransactionSave();
  const { api } = useSession();
  const navigate = useNavigate();
  // Outflow or inflow (docs/architecture.md §9): a purchase is typed without a minus sign.
  const [flow, setFlow] = useState<Flow>(() => flowOf(editing ? formFromTransaction(editing).amount : null));
  /** "Make a rule?" after a save (docs/architecture.md §4.4): the payee and the category it was given again. */
  const [ruleOffer, setRuleOffer] = useState<{ name: string; categoryId: Id } | null>(null);
  // "Transfer to/from account": a new entry can be the one side of a transfer; the other
  // side is recorded in the chosen account, both in Account Transfer (server-behaviour §3.1).
  const hereId = 'accountId' in target ? target.accountId : null;
  const accounts = useEveryPage(listConnectedAccounts, hereId && tree.accountTransfer ? {} : null);
  const here = useMemo(() => accounts.data?.data.flatMap((i) => i.accounts).find((a) => a.id === hereId) ?? null, [accounts.data, hereId]);
  const choices = useMemo(() => (hereId && accounts.data ? transferChoices(accounts.data.data, hereId) : []), [accounts.data, hereId]);
  const [transferTo, setTransferTo] = useState<TransferAccount | null>(null);
  const chooseTransfer = (id: string) => {
    const other = choices.find((a) => a.id === id) ?? null;
    setTransferTo(other);
    setErrors(NO_ERRORS);
    setForm((current) => {
      const autoName = current.name === '' || (transferTo !== null && current.name === transferName(current.amount, transferTo.name));
      if (!other || !tree.accountTransfer) return { ...current, name: autoName && transferTo ? '' : current.name, splits: transferTo ? [] : current.splits };
      return { ...current, name: autoName ? transferName(current.amount, other.name) : current.name, splits: transferSplits(current.amount, tree.accountTransfer.id) };
    });
  };
  // "Make a rule from this one": the stored name (not the form's unsaved edits).
  const ruleName = editing?.accountTransaction?.name?.trim() || null;

  const set = (part: Partial<TransactionForm>) => {
    setForm((current) => ({ ...current, ...part }));
    setErrors((current) => withoutFieldErrors(current, Object.keys(part)));
  };
  /** What the Amount field reads, signed by the toggle (a typed minus is always money out). */
  const typeAmount = (typed: number) => {
    const next = amountForFlow(typed, flow);
    setFlow(next.flow);
    setAmount(next.amount);
  };
  const chooseFlow = (next: Flow) => {
    setFlow(next);
    setAmount(withFlow(form.amount, next));
  };
  /** A payee chosen from the list: its name, and its last category for a row without one. */
  const pickPayee = (payee: PayeeView) => {
    setErrors((current) => withoutFieldErrors(current, ['name']));
    setForm((current) => ({ ...current, name: payee.name, splits: splitsForPayee(current.splits, payee) ?? current.splits }));
  };
  const setAmount = (amount: number) => {
    setErrors((current) => withoutFieldErrors(current, ['amount']));
    // A single category follows the amount; several are shared out by hand.
    setForm((current) => ({
      ...current,
      amount,
      // The name of a transfer follows the direction of the money.
      name: transferTo && current.name === transferName(current.amount, transferTo.name) ? transferName(amount, transferTo.name) : current.name,
      splits: current.splits.length === 1 ? [{ ...current.splits[0]!, amount: Math.abs(amount) }] : current.splits }));
  };

  /**
   * After a save with one category: offer "Make a rule?" when the payees read model says this is
   * the second time in a row (or more) the payee got it, unless the user said no for this payee.
   */
  const offerRule = async (): Promise<boolean> => {
    const name = (bank ? editing?.accountTransaction?.name : form.name)?.trim() ?? '';
    const categoryId = soleCategory(form.splits);
    if (name === '' || categoryId === null || transferTo) return false;
    try {
      const answer = await api.call(listPayees, { query: { name, limit: 50 } });
      if (!offersRule(payeeNamed(answer.data, name), categoryId, declinedPayees(), tree.unassigned?.id ?? null)) return false;
      setRuleOffer({ name: payeeNamed(answer.data, name)!.name, categoryId });
      return true;
    } catch {
      // No offer is better than a save that seems to fail.
      return false;
    }
  };
  const finish = (outcome: SaveOutcome, removed = false) => {
    setBusy(false);
    setDeleting(false);
    if (outcome.kind === 'saved' && !removed) {
      void offerRule().then((offered) => {
        if (!offered) onClose();
      });
    } else if (outcome.kind === 'saved') onClose();
    else if (outcome.kind === 'conflict') onConflict();
    else if (outcome.kind === 'locked') setLocked(removed ? 'delete' : 'save');
    else setErrors(outcome.errors);
  };
  const submit = async (event: FormEvent | null, zeroConfirmed = false, unlock = false) => {
    event?.preventDefault();
    const checked = validateTransaction(form);
    // The account's start date (server-behaviour §3.3): said before sending; the server refuses it too.
    if (!editing && here && form.date !== '' && form.date < here.startDate.slice(0, 10)) {
      checked.fields.date = `The date is before the account's start date (${here.startDate.slice(0, 10)}).`;
    }
    setErrors(checked);
    if (hasErrors(checked)) return;
    if (!zeroConfirmed && asksToSaveZero(form, storedAmount)) return setConfirmingZero(true);
    setConfirmingZero(false);
    setBusy(true);
    if (!editing && transferTo && here && tree.accountTransfer) {
      const other = { id: transferTo.id, form: counterTransfer(form, here, tree.accountTransfer.id), loan: isLoanType(transferTo.type) };
      return finish(await save.transfer(here.id, form, loan, other));
    }
    finish(await (editing ? save.update(editing, form, loan, unlock) : save.create((target as { accountId: Id }).accountId, form, loan)));
  };
  const remove = async (unlock = false) => {
    if (!editing) return;
    setBusy(true);
    finish(await save.remove(editing, unlock), true);
  };
  const unlockAndRetry = () => {
    const retry = locked;
    setLocked(null);
    if (retry === 'delete') void remove(true);
    else void submit(null, true, true);
  };

  const actions = <EditDialogActions editing={Boolean(editing)} busy={busy} formId={formId} onDelete={() => setDeleting(true)} onClose={onClose} />;
  return (
    <Dialog open wide title={editing ? 'Edit Transaction' : 'Add Transaction'} onClose={onClose} actions={actions} testId="transaction-dialog">
      <form id={formId} onSubmit={(event) => void submit(event)} noValidate>
        <div className="ui-field-row">
          <TextField label="Date" type="date" required readOnly={bank} value={form.date} error={errors.fields.date} onChange={(e) => set({ date: e.target.value })} />
          <AmountInput label="Amount" readOnly={bank} value={form.amount} error={errors.fields.amount} onChange={typeAmount} />
          {bank ? null : (
            <div className="ui-field ui-flow-toggle" role="group" aria-label="Outflow or inflow" data-testid="flow-toggle">
              <span className="ui-field__label" aria-hidden="true">
                Direction
              </span>
              <div className="ui-flow-toggle__buttons">
                <Button variant={flow === 'outflow' ? 'primary' : 'secondary'} aria-pressed={flow === 'outflow'} onClick={() => chooseFlow('outflow')}>
                  Outflow
                </Button>
                <Button variant={flow === 'inflow' ? 'primary' : 'secondary'} aria-pressed={flow === 'inflow'} onClick={() => chooseFlow('inflow')}>
                  Inflow
                </Button>
              </div>
            </div>
          )}
        </div>
        {loan ? <LoanFields form={form} error={errors.fields.principle} onChange={(principle) => set({ principle })} /> : null}
        <PayeeField label="Name" readOnly={bank} value={form.name} error={errors.fields.name} onChange={(name) => set({ name })} onPick={pickPayee} />
        {editing ? <PaymentChannelNote transaction={editing} /> : null}
        {editing ? <TippedBillNote transaction={editing} /> : null}
        <TextField label="Comment" value={form.comment} onChange={(e) => set({ comment: e.target.value })} />
        {!editing && choices.length > 0 ? (
          <SelectField
            label="Transfer to/from account"
            options={[{ value: '', label: 'None (a category)' }, ...choices.map((a) => ({ value: a.id, label: a.name }))]}
            value={transferTo?.id ?? ''}
            onChange={(e) => chooseTransfer(e.target.value)}
          />
        ) : null}
        {transferTo ? (
          <p className="ui-muted" data-testid="transfer-note">
            {`Recorded here and as "${transferName(-form.amount, here?.name ?? '')}" in ${transferTo.name}, both in the Account Transfer category.`}
          </p>
        ) : (
          <SplitRows splits={form.splits} tree={tree} amount={form.amount} onChange={(splits) => set({ splits })} />
        )}
        {ruleName ? (
          <ButtonLink variant="text" to={newRuleHref(ruleName)} title="Assign the transactions with this name automatically, now and on the next imports and syncs">
            Make a rule from this one
          </ButtonLink>
        ) : null}
        <FormError message={errors.general} />
      </form>
      <Dialog
        open={ruleOffer !== null}
        title="Make a rule?"
        testId="make-rule-offer"
        onClose={onClose}
        actions={
          <>
            <Button
              onClick={() => {
                if (ruleOffer) declineRuleFor(ruleOffer.name);
                onClose();
              }}
            >
              No, Thanks
            </Button>
            <Button
              variant="primary"
              onClick={() => {
                if (ruleOffer) void navigate(newRuleHref(ruleOffer.name, { equals: true, categoryId: ruleOffer.categoryId }));
                onClose();
              }}
            >
              Make a Rule
            </Button>
          </>
        }
      >
        <p>
          {ruleOffer
            ? `"${ruleOffer.name}" went to ${tree.categories.get(ruleOffer.categoryId)?.path ?? 'this category'} again. Make a rule so that transactions named "${ruleOffer.name}" go there by themselves?`
            : ''}
        </p>
      </Dialog>
      <ConfirmDialog
        open={confirmingZero}
        title="Save a 0.00 Transaction"
        message="The amount of this transaction is 0.00. Save it anyway?"
        confirmLabel="Save 0.00"
        busy={busy}
        onConfirm={() => void submit(null, true)}
        onCancel={() => setConfirmingZero(false)}
      />
      <ConfirmDialog
        open={deleting}
        title="Delete Transaction"
        message="Are you sure you want to delete this transaction?"
        confirmLabel="Delete"
        danger
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(false)}
      />
      <ConfirmDialog
        open={locked !== null}
        title={LOCKED_ROW.title}
        message={LOCKED_ROW.message}
        confirmLabel={locked === 'delete' ? 'Reopen and delete' : 'Reopen and save'}
        busy={busy}
        onConfirm={unlockAndRetry}
        onCancel={() => setLocked(null)}
      />
    </Dialog>
  );
}
