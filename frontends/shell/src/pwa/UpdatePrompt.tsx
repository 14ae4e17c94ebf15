import { useSyncExternalStore } from 'react';
import { applyUpdate, updateStore } from './service-worker.js';

/** "A new version is available — Reload", shown while a newer service worker waits (docs/architecture.md §9). */
export function UpdatePrompt() {
  const waiting = useSyncExternalStore(updateStore.subscribe, updateStore.waiting, () => null);
  if (!waiting) return null;
  return (
    <div className="update-prompt" role="status" data-testid="update-prompt">
      <span>A new version is available</span>
      <button type="button" className="ui-button ui-button--primary" onClick={() => applyUpdate()}>
        Reload
      </button>
    </div>
  );
}
