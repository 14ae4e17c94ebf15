import { useState, type FormEvent } from 'react';
import { addGroup, changeGroup, deleteGroup } from '@budget/contracts';
import { ConfirmDialog, Dialog, EditDialogActions, FormError, SelectField, TextField, useWriteAction, withoutFieldErrors } from '@budget/web';
import type { Budget, Group } from './budget-data.js';
import { parentOptions } from './group-paths.js';
import { useRecordSave } from './record-dialog.js';
import { withGroup, withoutGroup } from './tree-changes.js';
import { useBudgetSave } from './use-budget-save.js';

const FORM_ID = 'group-form';
const FIELDS = ['name', 'parentGroupId'] as const;
export const GROUP_NAME_BLANK = 'The group name must not be blank.';

/** Add or Edit Group (spec §2): a name, a parent chosen from the regular groups or None, and Delete when editing. */
export function GroupDialog({ budget, group, onClose }: { budget: Budget; group: Group | null; onClose: () => void }) {
  const saving = useWriteAction();
  const removing = useWriteAction();
  const save = useBudgetSave();
  const [name, setName] = useState(group?.name ?? '');
  const [parent, setParent] = useState(group?.parentGroupId ?? '');
  const { errors, setErrors, busy, deleting, setDeleting, run } = useRecordSave(FIELDS, onClose);
  const options = parentOptions(budget, group?.id ?? null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return setErrors({ fields: { name: GROUP_NAME_BLANK }, general: null });
    const body = { name: name.trim(), parentGroupId: parent === '' ? null : parent };
    void run(() =>
      group
        ? save(() => saving.send(changeGroup, { params: { id: group.id }, body }), (tree, answer) => withGroup(tree, answer.data))
        : save(() => saving.send(addGroup, { body }), (tree, answer) => withGroup(tree, answer.data)),
    );
  };
  const remove = () => {
    if (group) void run(() => save(() => removing.send(deleteGroup, { params: { id: group.id } }), (tree) => withoutGroup(tree, group.id)));
  };

  const actions = <EditDialogActions editing={group !== null} busy={busy} formId={FORM_ID} onDelete={() => setDeleting(true)} onClose={onClose} />;
  return (
    <>
      <Dialog open title={group ? 'Edit Group' : 'Add Group'} onClose={onClose} actions={actions} testId="group-dialog">
        <form id={FORM_ID} onSubmit={submit} noValidate>
          <TextField label="Name" autoFocus value={name} error={errors.fields.name} onChange={(e) => {
            setName(e.target.value);
            setErrors((current) => withoutFieldErrors(current, ['name']));
          }} />
          <SelectField label="Parent Group" options={options} value={parent} error={errors.fields.parentGroupId} onChange={(e) => setParent(e.target.value)} />
          <FormError message={errors.general} />
        </form>
      </Dialog>
      <ConfirmDialog
        open={deleting}
        title="Delete Group"
        message={`Are you sure you want to delete the group "${group?.name ?? ''}"?`}
        confirmLabel="Delete"
        danger
        busy={busy}
        onConfirm={remove}
        onCancel={() => setDeleting(false)}
      />
    </>
  );
}
