import { useState, type FormEvent } from 'react';
import { Button, lastYear, TextField } from '@budget/web';
import { checkRange, type ReportRange } from './report-types.js';

/** Start and end dates, both required, defaulting to the last year. */
export function ReportForm({ onRun }: { onRun: (range: ReportRange) => void }) {
  const [range, setRange] = useState<ReportRange>(() => lastYear(new Date()));
  const [errors, setErrors] = useState<ReturnType<typeof checkRange>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkRange(range);
    setErrors(found);
    if (Object.keys(found).length === 0) onRun(range);
  };
  const field = (name: keyof ReportRange) => ({
    type: 'date',
    required: true,
    value: range[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => setRange((current) => ({ ...current, [name]: event.target.value })),
  });

  return (
    <form className="report-form" aria-label="Report dates" onSubmit={submit} noValidate>
      <TextField label="Start Date" {...field('startDate')} />
      <TextField label="End Date" {...field('endDate')} />
      <Button type="submit" variant="primary">
        Run Report
      </Button>
    </form>
  );
}
