export function Spinner({ label = 'Loading' }: { label?: string }) {
  return <span className="ui-spinner" role="status" aria-label={label} />;
}

/** A spinner centred in its own block, for a pane that is loading. */
export function LoadingBlock() {
  return (
    <div className="ui-spinner-block">
      <Spinner />
    </div>
  );
}
