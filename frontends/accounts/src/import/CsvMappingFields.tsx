import { SelectField } from '@budget/web';
import { DATE_FORMATS, DECIMAL_SEPARATORS, DELIMITERS, type CsvMapping, type DelimiterChoice } from './csv-mapping.js';

export interface CsvMappingFieldsProps {
  mapping: CsvMapping;
  columns: readonly string[];
  onChange: (part: Partial<CsvMapping>) => void;
  /** A new delimiter: the file is read again with it (the columns change). */
  onDelimiter: (delimiter: DelimiterChoice) => void;
  /** What the amounts look like, beside the decimal-separator choice (semicolon files). */
  decimalHint: string | null;
}

/**
 * How the file separates fields and writes decimals, which column holds the date, the payee and the
 * amount (or inflow and outflow), and how dates are written.
 */
export function CsvMappingFields({ mapping, columns, onChange, onDelimiter, decimalHint }: CsvMappingFieldsProps) {
  const options = [{ value: '', label: '(none)' }, ...columns.map((name, i) => ({ value: String(i), label: name }))];
  const single = mapping.amountMode === 'single';
  return (
    <div className="csv-mapping" data-testid="csv-mapping">
      <div className="ui-field-row">
        <SelectField
          label="Delimiter"
          options={DELIMITERS.map(({ value, label }) => ({ value, label }))}
          value={mapping.delimiter}
          onChange={(e) => onDelimiter(e.target.value as DelimiterChoice)}
        />
        <SelectField
          label="Decimal separator"
          options={DECIMAL_SEPARATORS.filter(({ value }) => value !== '' || mapping.decimalSeparator === '').map(({ value, label }) => ({ value, label }))}
          value={mapping.decimalSeparator}
          onChange={(e) => onChange({ decimalSeparator: e.target.value as CsvMapping['decimalSeparator'] })}
        />
      </div>
      {decimalHint ? (
        <p className="ui-muted" data-testid="decimal-hint">
          {decimalHint} Check the amounts below before importing.
        </p>
      ) : null}
      <div className="ui-field-row">
        <SelectField label="Date column" options={options} value={mapping.date} onChange={(e) => onChange({ date: e.target.value })} />
        <SelectField
          label="Date format"
          options={DATE_FORMATS.map((format) => ({ value: format, label: format }))}
          value={mapping.dateFormat}
          onChange={(e) => onChange({ dateFormat: e.target.value as CsvMapping['dateFormat'] })}
        />
        <SelectField label="Payee column" options={options} value={mapping.payee} onChange={(e) => onChange({ payee: e.target.value })} />
      </div>
      <fieldset className="csv-mapping__amounts">
        <legend className="ui-field__label">Amounts</legend>
        <label>
          <input type="radio" name="amount-mode" checked={single} onChange={() => onChange({ amountMode: 'single' })} /> One signed amount column
        </label>
        <label>
          <input type="radio" name="amount-mode" checked={!single} onChange={() => onChange({ amountMode: 'split' })} /> Inflow and outflow columns
        </label>
      </fieldset>
      <div className="ui-field-row">
        {single ? (
          <SelectField label="Amount column" options={options} value={mapping.amount} onChange={(e) => onChange({ amount: e.target.value })} />
        ) : (
          <>
            <SelectField label="Inflow column" options={options} value={mapping.inflow} onChange={(e) => onChange({ inflow: e.target.value })} />
            <SelectField label="Outflow column" options={options} value={mapping.outflow} onChange={(e) => onChange({ outflow: e.target.value })} />
          </>
        )}
      </div>
      <label className="csv-mapping__header">
        <input type="checkbox" checked={mapping.hasHeader} onChange={(e) => onChange({ hasHeader: e.target.checked })} /> The first line holds column names
      </label>
    </div>
  );
}
