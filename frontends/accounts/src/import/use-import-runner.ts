import { useState } from 'react';
import { useLedgerRefresh, type ApiResponse } from '@budget/web';
import { importError, readImportResult, type ImportResult } from './import-result.js';
import { readFileText } from './read-file.js';

export type ImportPhase =
  | { kind: 'idle' }
  | { kind: 'reading'; fraction: number }
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

  /** Sends a request; answers its body when ok, otherwise shows the server's reason. */
  const send = async (label: string, call: () => Promise<ApiResponse>): Promise<unknown> => {
    setPhase({ kind: 'sending', label });
    try {
      const response = await call();
      if (response.ok) return response.body;
      setPhase({ kind: 'failed', error: importError(response.body, FAILED) });
    } catch {
      setPhase({ kind: 'failed', error: FAILED });
    }
    return null;
  };

  /** Sends the import itself and shows its summary; balances and registers reload. */
  const finish = async (call: () => Promise<ApiResponse>): Promise<void> => {
    const body = await send('Importing transactions…', call);
    if (body === null) return;
    const result = readImportResult(body);
    setPhase(result ? { kind: 'done', result } : { kind: 'failed', error: FAILED });
    void refresh();
  };

  return { phase, setPhase, read, send, finish, busy: phase.kind === 'reading' || phase.kind === 'sending' };
}
