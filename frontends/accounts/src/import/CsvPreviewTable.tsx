import { columnNames, previewRows, type CsvMapping, type CsvPreview } from './csv-mapping.js';

/** What each mapped column becomes, for the preview's header. */
function roles(mapping: CsvMapping): Map<string, string> {
  const single = mapping.amountMode === 'single';
  const entries: [string, string][] = [
    [mapping.date, 'Date'],
    [mapping.payee, 'Payee'],
    [single ? mapping.amount : '', 'Amount'],
    [single ? '' : mapping.inflow, 'Inflow'],
    [single ? '' : mapping.outflow, 'Outflow'],
  ];
  return new Map(entries.filter(([column]) => column !== ''));
}

/** The first rows of the file as they will be read, mapped columns marked. */
export function CsvPreviewTable({ preview, mapping }: { preview: CsvPreview; mapping: CsvMapping }) {
  const names = columnNames(preview, mapping.hasHeader);
  const rows = previewRows(preview, mapping.hasHeader);
  const mapped = roles(mapping);
  const total = mapping.hasHeader ? preview.rowCount : preview.rowCount + 1;
  return (
    <div className="csv-preview">
      <p className="ui-muted">
        Showing {rows.length} of {total} rows
      </p>
      {/* A wide file scrolls sideways: the keyboard reaches the scrolling box too. */}
      <div className="ui-table-wrap csv-preview__wrap" role="region" aria-label="CSV preview rows" tabIndex={0}>
        <table className="ui-table" aria-label="CSV preview">
          <thead>
            <tr>
              {names.map((name, i) => (
                <th key={i} scope="col" className={mapped.has(String(i)) ? 'csv-preview__mapped' : undefined}>
                  {name}
                  {mapped.has(String(i)) ? <span className="ui-badge">{mapped.get(String(i))}</span> : null}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, r) => (
              <tr key={r}>
                {names.map((_, i) => (
                  <td key={i} className={mapped.has(String(i)) ? 'csv-preview__mapped' : undefined}>
                    {row[i] ?? ''}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
