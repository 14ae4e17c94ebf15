import { addInstitution } from '@budget/contracts';
import { TextField, useWriteAction } from '@budget/web';
import { offlineInstitutionBody, validateOffline } from './offline-form.js';
import { OfflineAccountDialog } from './OfflineAccountDialog.js';

/** Add Offline Institution: the institution's name and its first account. */
export function AddInstitutionDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (accountId: string | null) => void }) {
  const adding = useWriteAction();
  return (
    <OfflineAccountDialog
      title="Add Offline Institution"
      submitLabel="Add Institution"
      testId="offline-institution-dialog"
      validate={(form) => validateOffline(form)}
      send={async (form) => {
        const result = await adding.send(addInstitution, { body: offlineInstitutionBody(form) });
        return result.ok ? { ok: true, createdId: result.body.data.accounts[0]?.id ?? null } : result;
      }}
      header={(form, errors, change) => (
        <TextField
          label="Institution Name"
          autoFocus
          value={form.institutionName}
          error={errors.fields.institutionName}
          onChange={(e) => change({ institutionName: e.target.value })}
        />
      )}
      onClose={onClose}
      onCreated={onCreated}
    />
  );
}
