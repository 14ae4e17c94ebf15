import { useEffect, useRef, useState } from 'react';
import { exportTransactions, type exportLine } from '@budget/contracts';
import { Button, downloadText, FormError, sendFailure, toIsoDate, useSession } from '@budget/web';
import type { z } from 'zod';

type Phase = { kind: 'idle' } | { kind: 'reading'; transactions: number } | { kind: 'done'; transactions: number } | { kind: 'failed'; message: string };

/**
 * "Download all transactions": every live transaction of the user, a line per category part, as a
 * CSV file made in the browser (GET /transactions/export, page after page by its cursor; the file
 * is saved once the last page is in, never a part of it). The lines say each row's account, payee,
 * category and group, memo and exact amount, so the budget's history leaves with its owner.
 */
export function ExportTransactions() {
  const { api } = useSession();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => void (mounted.current = false);
  }, []);

  const download = async () => {
    setPhase({ kind: 'reading', transactions: 0 });
    const lines: z.output<typeof exportLine>[] = [];
    const transactions = new Set<string>();
    try {
      let after: string | null = null;
      do {
        const page: { lines: z.output<typeof exportLine>[]; next: string | null } = await api.call(exportTransactions, { query: after === null ? {} : { after } });
        if (!mounted.current) return;
        lines.push(...page.lines);
        for (const line of page.lines) transactions.add(line.transactionId);
        setPhase({ kind: 'reading', transactions: transactions.size });
        after = page.next;
      } while (after !== null);
      // The CSV writer (papaparse) arrives with the first download, never in the first load.
      const { exportCsv, exportFileName } = await import('./export-csv.js');
      downloadText(exportFileName(toIsoDate(new Date())), exportCsv(lines));
      setPhase({ kind: 'done', transactions: transactions.size });
    } catch (error) {
      if (mounted.current) setPhase({ kind: 'failed', message: sendFailure(error) });
    }
  };

  const count = (n: number) => `${n.toLocaleString('en-US')} transaction${n === 1 ? '' : 's'}`;
  return (
    <div className="user-export">
      <p>Every transaction of every account, fundings and rebalances included, one line per category, as a CSV file for a spreadsheet.</p>
      <Button onClick={() => void download()} disabled={phase.kind === 'reading'}>
        Download all transactions
      </Button>
      <p role="status" data-testid="export-status">
        {phase.kind === 'reading' ? `Reading your transactions… ${count(phase.transactions)} so far` : phase.kind === 'done' ? `Saved ${count(phase.transactions)}.` : ''}
      </p>
      <FormError message={phase.kind === 'failed' ? phase.message : null} testId="export-error" />
    </div>
  );
}
