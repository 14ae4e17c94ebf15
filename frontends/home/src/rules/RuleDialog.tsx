import { useState, type FormEvent } from 'react';
import { addAutoAssignment, applyAutoAssignment, changeAutoAssignment, deleteAutoAssignment, listAutoAssignments, listConnectedAccounts, previewAutoAssignment, undoAutoAssignmentApplication } from '@budget/contracts';
import { useQueryClient } from '@tanstack/react-query';
import {
  AmountInput, Button, ConfirmDialog, Dialog, EditDialogActions, FormError, FundingCategoryRows, routeQueryKey, SelectField, sendFailure, TextField, useEveryPage, useLedgerRefresh, useSession,
  useWriteAction, withoutFieldErrors, type CategoryTree,
} from '@budget/web';
import { useRecordSave } from '../budget/record-dialog.js';
import type { Rule } from './rule-data.js';
import { applyConfirmation, type RulePreviewData } from './apply-summary.js';
import { RulePreview } from './RulePreview.js';
import { newRuleForm, previewQuery, removeSearchString, ruleBody, ruleFormFrom, ruleFormFromName, validateRule, RULE_FIELDS, type AmountCondition, type RuleForm } from './rule-form.js';

const FORM_ID = 'rule-form';

export interface RuleDialogProps {
  tree: CategoryTree;
  /** The rule to edit; null for a new one. */
  rule: Rule | null;
  /** A new rule made from a transaction: its name prefills the name and the search string. */
  fromName?: string | null;
  /** "Make a rule?" from the transaction dialog: the name must equal it, and the category it was given. */
  prefill?: { equals?: boolean; categoryId?: string | null };
  onClose: () => void;
}

/**
 * Add or Edit Auto Assignment: a name, the search strings (a transaction whose name contains one,
 * ignoring case, is claimed; the longest match wins) and the category rows its amount is split by
 * (percent or dollars, the last row taking the rest). Each Save or Delete is one write action: its
 * Idempotency-Key stays the same across the user's retries until the server answers for good.
 */
export function RuleDialog({ tree, rule, fromName = null, prefill = {}, onClose }: RuleDialogProps) {
  const unassigned = tree.unassigned?.id ?? null;
  const [form, setForm] = useState<RuleForm>(() => (rule ? ruleFormFrom(rule, unassigned) : fromName ? ruleFormFromName(fromName, unassigned, prefill) : newRuleForm(unassigned)));
  // The account condition's choices (docs/architecture.md §4.5).
  const accounts = useEveryPage(listConnectedAccounts, {});
  const accountList = accounts.data?.data.flatMap((institution) => institution.accounts) ?? [];
  const saving = useWriteAction();
  const removing = useWriteAction();
  const applying = useWriteAction();
  const undoing = useWriteAction();
  /** The last application that can still be undone: the rule's own, or the one just made here. */
  const [undoable, setUndoable] = useState<string | null>(() => {
    const last = rule?.applications.at(-1);
    return last && !last.undone ? last.id : null;
  });
  const { api } = useSession();
  const refreshLedger = useLedgerRefresh();
  const [preview, setPreview] = useState<RulePreviewData | null>(null);
  /** The saved rule's preview while "Apply to Existing" asks for confirmation with its figures. */
  const [confirming, setConfirming] = useState<RulePreviewData | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const { errors, setErrors, busy, deleting, setDeleting, run } = useRecordSave(RULE_FIELDS, onClose);
  const set = (part: Partial<RuleForm>) => {
    setForm((current) => ({ ...current, ...part }));
    setErrors((current) => withoutFieldErrors(current, Object.keys(part)));
  };
  const setString = (index: number, value: string) => set({ searchStrings: form.searchStrings.map((s, i) => (i === index ? value : s)) });
  const reload = async <R extends { ok: boolean }>(result: R): Promise<R> => {
    if (result.ok) await queryClient.invalidateQueries({ queryKey: routeQueryKey(listAutoAssignments, {}) });
    return result;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateRule(form);
    setErrors({ fields: checked, general: null });
    if (Object.keys(checked).length > 0) return;
    const body = ruleBody(form);
    void run(async () => reload(rule ? await saving.send(changeAutoAssignment, { params: { id: rule.id }, body }) : await saving.send(addAutoAssignment, { body })));
  };
  /** The draft as it stands run over the Unassigned transactions (nothing is saved). */
  const showPreview = async () => {
    const checked = validateRule(form);
    setErrors({ fields: checked, general: null });
    if (Object.keys(checked).length > 0) return;
    const body = ruleBody(form);
    try {
      const result = await api.send(previewAutoAssignment, { query: previewQuery(body) });
      if (result.ok) setPreview(result.body.data);
      else setErrors({ fields: {}, general: 'The preview could not be made.' });
    } catch (error) {
      setErrors({ fields: {}, general: sendFailure(error) });
    }
  };
  /**
   * "Apply to Existing" first previews the SAVED rule (the preview plans exactly as the apply does)
   * and asks for confirmation with those figures; nothing matching: says so, applies nothing.
   */
  const askToApply = async () => {
    if (!rule) return;
    try {
      const result = await api.send(previewAutoAssignment, { query: previewQuery(rule) });
      if (!result.ok) return setErrors({ fields: {}, general: 'The rule could not be previewed.' });
      if (result.body.data.count === 0) return setNote('No Unassigned transaction matches this rule: nothing to apply.');
      setConfirming(result.body.data);
    } catch (error) {
      setErrors({ fields: {}, general: sendFailure(error) });
    }
  };
  /** The saved rule applied to the Unassigned transactions: one write action, one key. */
  const applyToExisting = async () => {
    if (!rule) return;
    setConfirming(null);
    try {
      const result = await applying.send(applyAutoAssignment, { params: { id: rule.id } });
      if (!result.ok) return setErrors({ fields: {}, general: 'The rule could not be applied.' });
      const { assigned, outsideBudget } = result.body.data;
      setNote(`Assigned ${assigned} transaction${assigned === 1 ? '' : 's'}${outsideBudget > 0 ? ` (${outsideBudget} before ${outsideBudget === 1 ? 'its' : 'their'} account's start date, moving no balance)` : ''}.`);
      if (result.body.data.applicationId) setUndoable(result.body.data.applicationId);
      setPreview(null);
      void reload(result);
      void refreshLedger();
    } catch (error) {
      setErrors({ fields: {}, general: sendFailure(error) });
    }
  };
  /** The last application undone: its rows still as the rule left them go back to Unassigned. */
  const undoLast = async () => {
    if (!rule || !undoable) return;
    try {
      const result = await undoing.send(undoAutoAssignmentApplication, { params: { id: rule.id, applicationId: undoable } });
      if (!result.ok) return setErrors({ fields: {}, general: 'The last application could not be undone.' });
      const { restored, skipped } = result.body.data;
      setNote(`Put ${restored} transaction${restored === 1 ? '' : 's'} back into Unassigned${skipped > 0 ? `; ${skipped} changed since ${skipped === 1 ? 'was' : 'were'} left alone` : ''}.`);
      setUndoable(null);
      void reload(result);
      void refreshLedger();
    } catch (error) {
      setErrors({ fields: {}, general: sendFailure(error) });
    }
  };
  const remove = () => {
    if (rule) void run(async () => reload(await removing.send(deleteAutoAssignment, { params: { id: rule.id } })));
  };

  const actions = <EditDialogActions editing={rule !== null} busy={busy} formId={FORM_ID} onDelete={() => setDeleting(true)} onClose={onClose} />;
  return (
    <>
      <Dialog open wide title={`${rule ? 'Edit' : 'Add'} Auto Assignment`} onClose={onClose} actions={actions} testId="rule-dialog">
        <form id={FORM_ID} onSubmit={submit} noValidate>
          <TextField label="Name" value={form.name} error={errors.fields.name} onChange={(e) => set({ name: e.target.value })} />
          <fieldset className="ui-funding-rows" data-testid="search-strings">
            <legend className="ui-field__label">Search Strings</legend>
            {form.searchStrings.map((value, index) => (
              <div key={index} className="ui-funding-rows__row">
                <TextField label={`Search string ${index + 1}`} value={value} onChange={(e) => setString(index, e.target.value)} />
                <Button
                  variant="text"
                  aria-label={`Remove search string ${index + 1}`}
                  title={form.searchStrings.length <= 1 ? 'At least one search string is needed' : 'Remove'}
                  disabled={form.searchStrings.length <= 1}
                  onClick={() => set({ searchStrings: removeSearchString(form.searchStrings, index) })}
                >
                  ✕
                </Button>
              </div>
            ))}
            <div className="ui-splits__footer">
              <Button variant="text" onClick={() => set({ searchStrings: [...form.searchStrings, ''] })}>
                + Add Search String
              </Button>
              {errors.fields.searchStrings ? (
                <span className="ui-splits__off" role="alert">
                  {errors.fields.searchStrings}
                </span>
              ) : null}
            </div>
          </fieldset>
          <SelectField
            label="The name"
            value={form.nameMatch}
            options={[
              { value: 'contains', label: 'contains a search string' },
              { value: 'equals', label: 'equals a search string' },
            ]}
            error={errors.fields.nameMatch}
            onChange={(e) => set({ nameMatch: e.target.value === 'equals' ? 'equals' : 'contains' })}
          />
          <fieldset className="ui-funding-rows" data-testid="rule-amount">
            <legend className="ui-field__label">Amount (money out is negative)</legend>
            <div className="ui-field-row">
              <SelectField
                label="Amount condition"
                value={form.amountCondition}
                options={[
                  { value: 'any', label: 'Any amount' },
                  { value: 'equals', label: 'Equals' },
                  { value: 'range', label: 'Between' },
                ]}
                onChange={(e) => set({ amountCondition: e.target.value as AmountCondition })}
              />
              {form.amountCondition === 'equals' ? <AmountInput label="Amount equals" value={form.amountMin} onChange={(amountMin) => set({ amountMin })} /> : null}
              {form.amountCondition === 'range' ? (
                <>
                  <AmountInput label="Lowest amount" value={form.amountMin} onChange={(amountMin) => set({ amountMin })} />
                  <AmountInput label="Highest amount" value={form.amountMax} error={errors.fields.amount} onChange={(amountMax) => set({ amountMax })} />
                </>
              ) : null}
            </div>
          </fieldset>
          {accountList.length > 0 ? (
            <fieldset className="ui-funding-rows" data-testid="rule-accounts">
              <legend className="ui-field__label">Accounts (none checked: every account)</legend>
              {accountList.map((account) => (
                <label key={account.id} className="ui-field">
                  <input
                    type="checkbox"
                    checked={form.accountIds.includes(account.id)}
                    onChange={(e) => set({ accountIds: e.target.checked ? [...form.accountIds, account.id] : form.accountIds.filter((id) => id !== account.id) })}
                  />{' '}
                  {account.name}
                </label>
              ))}
              {errors.fields.accountIds ? (
                <span className="ui-splits__off" role="alert">
                  {errors.fields.accountIds}
                </span>
              ) : null}
            </fieldset>
          ) : null}
          <FundingCategoryRows rows={form.rows} tree={tree} legend="Categories" testId="rule-categories" error={errors.fields.categories} onChange={(rows) => set({ rows })} />
          <div className="ui-field-row">
            <Button variant="text" onClick={() => void showPreview()}>
              Preview
            </Button>
            {rule ? (
              <Button variant="text" title="Assign the matching Unassigned transactions with the saved rule" onClick={() => void askToApply()}>
                Apply to Existing
              </Button>
            ) : null}
            {rule && undoable ? (
              <Button variant="text" title="Put the rows the last apply assigned, and nobody changed since, back into Unassigned" onClick={() => void undoLast()}>
                Undo
              </Button>
            ) : null}
          </div>
          {note ? <p role="status">{note}</p> : null}
          {preview ? <RulePreview preview={preview} tree={tree} /> : null}
          <FormError message={errors.general} />
        </form>
      </Dialog>
      <ConfirmDialog
        open={confirming !== null}
        title="Apply to Existing"
        message={confirming && rule ? applyConfirmation(confirming, rule.name, (id) => tree.categories.get(id)?.path ?? `#${id}`) : ''}
        confirmLabel="Apply"
        onConfirm={() => void applyToExisting()}
        onCancel={() => setConfirming(null)}
      />
      <ConfirmDialog
        open={deleting}
        title="Delete Auto Assignment"
        message={`Are you sure you want to delete the rule "${rule?.name ?? ''}"?`}
        confirmLabel="Delete"
        danger
        busy={busy}
        onConfirm={remove}
        onCancel={() => setDeleting(false)}
      />
    </>
  );
}
