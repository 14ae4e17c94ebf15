import { useState } from 'react';
import { deleteInstitution } from '@budget/contracts';
import { Button, ConfirmDialog, FormError, Icon, Menu, useWriteAction, type Id } from '@budget/web';
import { AddAccountDialog } from '../offline/AddAccountDialog.js';
import { InstitutionInfoDialog } from '../online/InstitutionInfoDialog.js';
import { useBankSync } from '../online/use-bank-sync.js';
import { useNeedsRelink } from '../online/relink-state.js';
import type { Institution } from './institution-data.js';
import { RenameInstitutionDialog } from './RenameInstitutionDialog.js';
import { useDelete } from './use-delete.js';

export interface InstitutionMenuProps {
  institution: Institution;
  onAccountCreated: (accountId: Id | null) => void;
  onDeleted: (institution: Institution) => void;
}

/** Rename, Add Account and Delete Institution, on the institution's heading; a linked bank's Sync and Institution Info too. */
export function InstitutionMenu({ institution, onAccountCreated, onDeleted }: InstitutionMenuProps) {
  const [open, setOpen] = useState<'rename' | 'account' | 'info' | null>(null);
  const bankSync = useBankSync([institution]);
  const deleting = useWriteAction();
  const removal = useDelete(() => deleting.send(deleteInstitution, { params: { id: institution.id } }), () => onDeleted(institution));
  const online = !institution.offline;
  const needsRelink = useNeedsRelink(institution.id) && online;
  const items = [
    ...(online
      ? [
          { label: bankSync.syncing ? 'Syncing…' : 'Sync', disabled: bankSync.syncing, onSelect: () => void bankSync.sync(institution.id) },
          { label: 'Institution Info', onSelect: () => setOpen('info') },
        ]
      : []),
    { label: 'Rename', onSelect: () => setOpen('rename') },
    { label: 'Add Account', onSelect: () => setOpen('account') },
    { label: 'Delete Institution', onSelect: removal.ask },
  ];
  return (
    <>
      {needsRelink ? (
        // The last sync answered needs_relink for this bank (kept in the client: docs/architecture.md §9 "Phone and touch").
        <span className="institution__relink" data-testid={`institution-relink-${institution.id}`}>
          <span className="ui-badge ui-badge--warning">Needs relinking</span>
          <Button variant="text" aria-label={`Relink ${institution.name}`} onClick={() => bankSync.relink(institution)}>
            Relink
          </Button>
        </span>
      ) : null}
      <Menu
        label={<Icon name="more" />}
        ariaLabel={`${institution.name} actions`}
        items={items}
        alignEnd
        triggerClassName="ui-button ui-button--text institution__menu"
        testId={`institution-menu-${institution.id}`}
      />
      <FormError message={removal.error} />
      {online ? bankSync.element : null}
      {open === 'info' ? <InstitutionInfoDialog institution={institution} onClose={() => setOpen(null)} /> : null}
      {open === 'rename' ? <RenameInstitutionDialog institution={institution} onClose={() => setOpen(null)} /> : null}
      {open === 'account' ? (
        <AddAccountDialog
          institution={institution}
          onClose={() => setOpen(null)}
          onCreated={(accountId) => {
            setOpen(null);
            onAccountCreated(accountId);
          }}
        />
      ) : null}
      {removal.confirming ? (
        <ConfirmDialog
          open
          title="Delete Institution"
          message="Are you sure you want to delete this institution and all of its accounts?"
          confirmLabel="Delete Institution"
          danger
          busy={removal.busy}
          onConfirm={() => void removal.run()}
          onCancel={removal.cancel}
        />
      ) : null}
    </>
  );
}
