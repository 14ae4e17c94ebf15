import { useState, type FormEvent } from 'react';
import { addCategory, changeCategory, deleteCategory } from '@budget/contracts';
import { AmountInput, ConfirmDialog, EditDialogActions, Dialog, FormError, FundingCategoryRows, SelectField, TextField, toIsoDate, useWriteAction, withoutFieldErrors, type CategoryTree } from '@budget/web';
import { parseDollars } from '@budget/money';
import { GoalProgress } from '../categories/GoalProgress.js';
import { goalFieldLabels, goalView } from '../categories/goal-view.js';
import { UserCategoryType, type Budget, type Category } from './budget-data.js';
import { categoryBody, categoryFormFrom, categoryGroupId, newCategoryForm, TYPE_OPTIONS, usesGoal, validateCategory, withRecurrence, CATEGORY_FIELDS, type CategoryForm } from './category-form.js';
import { CheckField } from './CheckField.js';
import { categoryGroupOptions } from './group-paths.js';
import { useRecordSave } from './record-dialog.js';
import { withCategory, withoutCategory } from './tree-changes.js';
import { useBudgetSave } from './use-budget-save.js';

const FORM_ID = 'category-form';

export interface CategoryDialogProps {
  budget: Budget;
  tree: CategoryTree;
  /** The category to edit, or the type of a new one. */
  target: Category | UserCategoryType;
  onClose: () => void;
}

/** Add or Edit Category (spec §2): type, name, suspended, group, funding amount and the goal fields; bills add funding categories. */
export function CategoryDialog({ budget, tree, target, onClose }: CategoryDialogProps) {
  const editing = typeof target === 'string' ? null : target;
  const today = toIsoDate(new Date());
  const pool = tree.fundingPool?.id ?? null;
  const [form, setForm] = useState<CategoryForm>(() => (editing ? categoryFormFrom(editing, today, pool) : newCategoryForm(target as UserCategoryType, budget, today, pool)));
  const saving = useWriteAction();
  const removing = useWriteAction();
  const save = useBudgetSave();
  const { errors, setErrors, busy, deleting, setDeleting, run } = useRecordSave(CATEGORY_FIELDS, onClose);
  const set = (part: Partial<CategoryForm>) => {
    setForm((current) => ({ ...current, ...part }));
    setErrors((current) => withoutFieldErrors(current, Object.keys(part)));
  };
  const bill = form.type === UserCategoryType.Bill;
  const goal = usesGoal(form.type);
  const labels = goalFieldLabels(form.type);
  // What the goal means, live as the fields are typed (docs/architecture.md §9.3 "Explicit goals").
  const balance = editing ? (parseDollars(editing.balance) ?? 0) : 0;
  const meaning = goal ? goalView({ type: form.type, target: form.fundingAmount, balance, goalDate: form.goalDate, recurrence: form.recurrence, today }) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateCategory(form);
    setErrors({ fields: checked, general: null });
    if (Object.keys(checked).length > 0) return;
    const groupId = categoryGroupId(form, budget);
    const body = categoryBody(form);
    void run(() =>
      editing
        ? save(() => saving.send(changeCategory, { params: { groupId, id: editing.id }, body }), (tree, answer) => withCategory(tree, answer.data))
        : save(() => saving.send(addCategory, { params: { groupId }, body }), (tree, answer) => withCategory(tree, answer.data)),
    );
  };
  const remove = () => {
    if (editing) void run(() => save(() => removing.send(deleteCategory, { params: { groupId: editing.groupId, id: editing.id } }), (tree) => withoutCategory(tree, editing.id)));
  };

  const title = `${editing ? 'Edit' : 'Add'} ${TYPE_OPTIONS.find((o) => o.value === form.type)?.label ?? 'Category'}`;
  const actions = <EditDialogActions editing={editing !== null} busy={busy} formId={FORM_ID} onDelete={() => setDeleting(true)} onClose={onClose} />;
  return (
    <>
      <Dialog open wide={bill} title={title} onClose={onClose} actions={actions} testId="category-dialog">
        <form id={FORM_ID} onSubmit={submit} noValidate>
          <TextField label="Name" value={form.name} error={errors.fields.name} onChange={(e) => set({ name: e.target.value })} />
          <div className="ui-field-row">
            <SelectField label="Type" options={TYPE_OPTIONS} value={form.type} error={errors.fields.type} onChange={(e) => set({ type: e.target.value as UserCategoryType })} />
            <SelectField label="Group" options={categoryGroupOptions(budget)} value={form.groupId} error={errors.fields.groupId} onChange={(e) => set({ groupId: e.target.value })} />
          </div>
            <div className="ui-field-row">
            <AmountInput label={labels.amount} testId="category-funding-amount" value={form.fundingAmount} error={errors.fields.fundingAmount} onChange={(fundingAmount) => set({ fundingAmount })} />
            {goal ? (
              <>
                <TextField label="Recurrence (months)" type="number" min={1} step={1} value={form.recurrence} error={errors.fields.recurrence} onChange={(e) => {
                  setForm(withRecurrence(form, e.target.value, today));
                  setErrors((current) => withoutFieldErrors(current, ['recurrence']));
                }} />
                <TextField label={labels.date} type="date" value={form.goalDate} error={errors.fields.goalDate} onChange={(e) => set({ goalDate: e.target.value, goalDateChosen: true })} />
              </>
            ) : null}
          </div>
          {meaning ? (
            <div className="category-goal" data-testid="category-goal">
              <p className="category-goal__sentence" aria-live="polite" data-testid="category-goal-sentence">
                {meaning.sentence}
              </p>
              {editing && form.type === UserCategoryType.Goal && form.fundingAmount > 0 ? <GoalProgress name={form.name || editing.name} view={meaning} /> : null}
            </div>
          ) : null}
          <CheckField label="Suspended" checked={form.suspended} onChange={(suspended) => set({ suspended })} hint="A suspended category is proposed no funding." />
          {bill ? null : (
            <CheckField
              label="Include funding transfers"
              checked={form.includeFundingTransfers}
              onChange={(includeFundingTransfers) => set({ includeFundingTransfers })}
              hint="Also receive what other categories draw from this one when funding."
            />
          )}
          {bill ? <FundingCategoryRows rows={form.fundingRows} tree={tree} error={errors.fields.fundingCategories} onChange={(fundingRows) => {
            set({ fundingRows });
            setErrors((current) => withoutFieldErrors(current, ['fundingCategories']));
          }} /> : null}
          <FormError message={errors.general} />
        </form>
      </Dialog>
      <ConfirmDialog
        open={deleting}
        title="Delete Category"
        message={`Are you sure you want to delete the category "${editing?.name ?? ''}"?`}
        confirmLabel="Delete"
        danger
        busy={busy}
        onConfirm={remove}
        onCancel={() => setDeleting(false)}
      />
    </>
  );
}
