/** The steps of a multi-step form, the current one marked. */
export function Steps<T extends string>({ steps, current }: { steps: readonly (readonly [T, string])[]; current: T }) {
  return (
    <ol className="steps" aria-label="Steps">
      {steps.map(([id, label]) => (
        <li key={id} aria-current={id === current ? 'step' : undefined}>
          {label}
        </li>
      ))}
    </ol>
  );
}
