import { Amount, FormError, ProgressBar, UnassignedNextStep, wireCents } from '@budget/web';
import { importCounts, mismatchWarning } from './import-result.js';
import type { ImportPhase } from './use-import-runner.js';

/** The progress bar while a file is read and imported, then the result or the reason it failed. */
export function ImportStatus({ phase }: { phase: ImportPhase }) {
  switch (phase.kind) {
    case 'idle':
      return null;
    case 'reading':
      return <ProgressBar value={phase.fraction} label={`Reading the file… ${Math.round(phase.fraction * 100)}%`} />;
    case 'uploading':
      return <ProgressBar value={phase.fraction} label={`Uploading the file… ${Math.round(phase.fraction * 100)}%`} />;
    case 'sending':
      return <ProgressBar value={null} label={phase.label} />;
    case 'failed':
      return <FormError message={phase.error} testId="import-error" />;
    case 'done': {
      const warning = mismatchWarning(phase.result);
      return (
        <div className="import-summary" data-testid="import-summary" role="status">
          <ProgressBar value={1} label="Import complete" />
          <p>{importCounts(phase.result)}.</p>
          {phase.result.notes.map((note) => (
            <p key={note} className="ui-notice" data-testid="import-note">
              {note}
            </p>
          ))}
          <p>
            Account balance <Amount cents={wireCents(phase.result.balance)} />
          </p>
          <UnassignedNextStep added={phase.result.added} unassigned={phase.result.unassigned} />
          {warning ? (
            <p className="ui-notice" data-testid="balance-mismatch">
              {warning}
            </p>
          ) : null}
        </div>
      );
    }
  }
}
