import { useState } from 'react';
import { importOfx } from '@budget/contracts';
import { Button, Dialog, useWriteAction } from '@budget/web';
import type { Account } from '../institutions/institution-data.js';
import { ImportStatus } from './ImportStatus.js';
import { ofxRowCount, useImportRunner } from './use-import-runner.js';

/** Import OFX: choose an OFX or QFX file; new rows land in Unassigned, re-imports add nothing. */
export function ImportOfxDialog({ account, onClose }: { account: Account; onClose: () => void }) {
  const importing = useWriteAction();
  const runner = useImportRunner();
  const [file, setFile] = useState<File | null>(null);

  const start = async () => {
    if (!file) return;
    const text = await runner.read(file);
    if (text === null) return;
    await runner.finish(ofxRowCount(text), (transport) => importing.send(importOfx, { params: { id: account.id }, body: text }, { transport }));
  };

  const done = runner.phase.kind === 'done';
  const actions = done ? (
    <Button variant="primary" onClick={onClose}>
      Done
    </Button>
  ) : (
    <>
      <Button onClick={onClose} disabled={runner.busy}>
        Cancel
      </Button>
      <Button variant="primary" disabled={!file || runner.busy} onClick={() => void start()}>
        Import
      </Button>
    </>
  );
  return (
    <Dialog open title={`Import OFX into ${account.name}`} onClose={runner.busy ? () => undefined : onClose} actions={actions} testId="ofx-dialog">
      <div className="ui-field">
        <label className="ui-field__label" htmlFor="ofx-file">
          OFX or QFX file
        </label>
        <input
          id="ofx-file"
          type="file"
          accept=".ofx,.qfx,application/x-ofx"
          disabled={runner.busy || done}
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            runner.setPhase({ kind: 'idle' });
          }}
        />
      </div>
      <ImportStatus phase={runner.phase} />
    </Dialog>
  );
}
