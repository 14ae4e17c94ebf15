import { useState } from 'react';
import { sendFailure, useLedgerRefresh, GENERIC_ERROR } from '@budget/web';
import { importError, type ImportResult } from './import-result.js';
import { readFileText } from './read-file.js';
import { uploadFetch } from './upload-fetch.js';

export type ImportPhase =
  | { kind: 'idle' }
  | { kind: 'reading'; fraction: number }
  | { kind: 'uploading'; fraction: number }
  | { kind: 'sending'; label: string }
  | { kind: 'done'; result: ImportResult }
  | { kind: 'failed'; error: string };

const FAILED = 'The import failed. Please try again later.';

/** The steps of a file import: read the file (with progress), send it, show the outcome. */
export function useImportRunner() {
  const refresh = useLedgerRefresh();
  const [phase, setPhase] = useState<ImportPhase>({ kind: 'idle' });

  const read = async (file: Blob): Promise<string | null> => {
    setPhase({ kind: 'reading', fraction: 0 });
    try {
      return await readFileText(file, (fraction) => setPhase({ kind: 'reading', fraction }));
    } catch {
      setPhase({ kind: 'failed', error: 'The file could not be read.' });
      return null;
    }
  };

  /**
   * Sends a request; answers its parsed answer when ok, otherwise shows the server's reason (an
   * answer outside the route's contract is a failure too, never an empty result).
   */
  const send = async <T>(label: string, call: () => Promise<{ ok: true; body: T } | { ok: false; body: unknown }>): Promise<T | null> => {
    setPhase({ kind: 'sending', label });
    try {
      const response = await call();
      if (response.ok) return response.body;
      setPhase({ kind: 'failed', error: importError(response.body, FAILED) });
    } catch (error) {
      const reason = sendFailure(error);
      setPhase({ kind: 'failed', error: reason === GENERIC_ERROR ? FAILED : reason });
    }
    return null;
  };

  /**
   * Sends a file through `uploadFetch`: the bar shows the upload's progress, then `label` while the
   * server works on it (a 5,000-row file takes a few seconds).
   */
  const upload = <T>(label: string, call: (transport: typeof globalThis.fetch) => Promise<{ ok: true; body: T } | { ok: false; body: unknown }>) =>
    send(label, () => call(uploadFetch((fraction) => setPhase(fraction < 1 ? { kind: 'uploading', fraction } : { kind: 'sending', label }))));

  /** Uploads the import itself ("Importing 5,000 rows…") and shows its summary; balances and registers reload. */
  const finish = async (
    rows: number | null,
    call: (transport: typeof globalThis.fetch) => Promise<{ ok: true; body: { data: ImportResult } } | { ok: false; body: unknown }>,
  ): Promise<void> => {
    const answer = await upload(importingLabel(rows), call);
    if (answer === null) return;
    setPhase({ kind: 'done', result: answer.data });
    void refresh();
  };

  return { phase, setPhase, read, send, upload, finish, busy: phase.kind === 'reading' || phase.kind === 'uploading' || phase.kind === 'sending' };
}

/** "Importing 5,000 rows…" (or "Importing transactions…" when the count is not known). */
export const importingLabel = (rows: number | null) =>
  rows === null ? 'Importing transactions…' : `Importing ${rows.toLocaleString('en-US')} ${rows === 1 ? 'row' : 'rows'}…`;

/** How many transactions an OFX/QFX text holds (its STMTTRN elements), for the progress label. */
export const ofxRowCount = (text: string) => text.match(/<STMTTRN>/gi)?.length ?? 0;
