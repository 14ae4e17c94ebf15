import { useState } from 'react';
import { sendFailure, useLedgerRefresh, GENERIC_ERROR } from '@budget/web';
import { importError, type ImportResult } from './import-result.js';
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

  /** Sends the import itself and shows its summary; balances and registers reload. */
  const finish = async (call: () => Promise<{ ok: true; body: { data: ImportResult } } | { ok: false; body: unknown }>): Promise<void> => {
    const answer = await send('Importing transactions…', call);
    if (answer === null) return;
    setPhase({ kind: 'done', result: answer.data });
    void refresh();
  };

  return { phase, setPhase, read, send, finish, busy: phase.kind === 'reading' || phase.kind === 'sending' };
}
