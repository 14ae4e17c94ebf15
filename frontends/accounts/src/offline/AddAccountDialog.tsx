import { addAccount } from '@budget/contracts';
import { useWriteAction, type Id } from '@budget/web';
import type { Institution } from '../institutions/institution-data.js';
import { newAccountBody, validateOffline } from './offline-form.js';
import { OfflineAccountDialog } from './OfflineAccountDialog.js';

export interface AddAccountDialogProps {
  institution: Institution;
  onClose: () => void;
  onCreated: (accountId: Id | null) => void;
}

/** Add Account: one more offline account in an existing institution. */
export function AddAccountDialog({ institution, onClose, onCreated }: AddAccountDialogProps) {
  const adding = useWriteAction();
  return (
    <OfflineAccountDialog
      title={`Add Account to ${institution.name}`}
      submitLabel="Add Account"
      testId="add-account-dialog"
      validate={(form) => validateOffline(form, false)}
      send={async (form) => {
        const result = await adding.send(addAccount, { params: { id: institution.id }, body: newAccountBody(form) });
        return result.ok ? { ok: true, createdId: result.body.data.account.id } : result;
      }}
      onClose={onClose}
      onCreated={onCreated}
    />
  );
}
