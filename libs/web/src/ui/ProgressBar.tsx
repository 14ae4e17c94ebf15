/**
 * A progress bar: a fraction from 0 to 1, or null while the amount of work is unknown (the bar
 * then sweeps).
 */
export function ProgressBar({ value, label }: { value: number | null; label: string }) {
  return (
    <div className="ui-progress">
      <progress className="ui-progress__bar" aria-label={label} max={1} value={value ?? undefined} />
      <span className="ui-progress__label ui-muted">{label}</span>
    </div>
  );
}
