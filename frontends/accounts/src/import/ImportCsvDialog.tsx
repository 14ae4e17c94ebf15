import { useState } from 'react';
import { importCsv, previewCsv } from '@budget/contracts';
import { Button, Dialog, FormError, useSession, useWriteAction } from '@budget/web';
import type { Account } from '../institutions/institution-data.js';
import { columnNames, decimalHint, initialMapping, mappingBody, mappingProblem, type CsvMapping, type CsvPreview, type DelimiterChoice } from './csv-mapping.js';
import { CsvMappingFields } from './CsvMappingFields.js';
import { CsvPreviewTable } from './CsvPreviewTable.js';
import { importRowsLabel } from './import-result.js';
import { ImportStatus } from './ImportStatus.js';
import { useImportRunner } from './use-import-runner.js';

interface Loaded {
  text: string;
  preview: CsvPreview;
}

/** Import CSV: upload, map the columns (the suggested mapping preselected), preview, import. */
export function ImportCsvDialog({ account, onClose }: { account: Account; onClose: () => void }) {
  const { api } = useSession();
  const importing = useWriteAction();
  const runner = useImportRunner();
  const [file, setFile] = useState<File | null>(null);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [mapping, setMapping] = useState<CsvMapping | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const params = { id: account.id };

  const readColumns = async (text: string, delimiter: DelimiterChoice) => {
    const answer = await runner.upload('Reading the columns…', (transport) => api.send(previewCsv, { params, body: { text, delimiter } }, { transport }));
    if (answer === null) return;
    const preview = answer.data;
    setLoaded({ text, preview });
    setMapping(initialMapping(preview, delimiter));
    runner.setPhase({ kind: 'idle' });
  };
  const upload = async () => {
    const text = file ? await runner.read(file) : null;
    if (text !== null) await readColumns(text, 'auto');
  };
  // The data rows that will be sent: without a header line the first line is a row too.
  const rowsToSend = loaded ? loaded.preview.rowCount + (mapping && !mapping.hasHeader ? 1 : 0) : 0;
  const importRows = async () => {
    if (!loaded || !mapping) return;
    const missing = mappingProblem(mapping);
    setProblem(missing);
    if (missing === null) {
      await runner.finish(rowsToSend, (transport) =>
        importing.send(importCsv, { params, body: { text: loaded.text, mapping: mappingBody(mapping) } }, { transport }),
      );
    }
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
      {loaded ? (
        <Button variant="primary" disabled={runner.busy} onClick={() => void importRows()}>
          {importRowsLabel(rowsToSend)}
        </Button>
      ) : (
        <Button variant="primary" disabled={!file || runner.busy} onClick={() => void upload()}>
          Next
        </Button>
      )}
    </>
  );
  return (
    <Dialog open wide title={`Import CSV into ${account.name}`} onClose={runner.busy ? () => undefined : onClose} actions={actions} testId="csv-dialog">
      {done ? null : (
        <p className="ui-muted">{loaded ? 'Step 2 of 2: check the columns and the preview.' : 'Step 1 of 2: choose a CSV file exported by your bank.'}</p>
      )}
      {loaded && mapping ? (
        done ? null : (
          <>
            <CsvMappingFields
              mapping={mapping}
              columns={columnNames(loaded.preview, mapping.hasHeader)}
              onChange={(part) => setMapping({ ...mapping, ...part })}
              onDelimiter={(delimiter) => void readColumns(loaded.text, delimiter)}
              decimalHint={decimalHint(loaded.preview)}
            />
            <FormError message={problem} />
            <CsvPreviewTable preview={loaded.preview} mapping={mapping} />
          </>
        )
      ) : (
        <div className="ui-field">
          <label className="ui-field__label" htmlFor="csv-file">
            CSV file
          </label>
          <input id="csv-file" type="file" accept=".csv,text/csv" disabled={runner.busy} onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
        </div>
      )}
      <ImportStatus phase={runner.phase} />
    </Dialog>
  );
}
