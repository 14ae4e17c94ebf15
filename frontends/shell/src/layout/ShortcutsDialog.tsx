import { Button, Dialog } from '@budget/web';
import { SHORTCUTS } from './shortcuts.js';

/** The "?" screen: every keyboard shortcut and what it does (loaded when first opened). */
export default function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog
      open
      title="Keyboard shortcuts"
      onClose={onClose}
      testId="shortcuts-dialog"
      actions={
        <Button variant="primary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <dl className="shortcuts">
        {SHORTCUTS.map((shortcut) => (
          <div key={shortcut.key} className="shortcuts__row">
            <dt>
              <kbd>{shortcut.key}</kbd>
            </dt>
            <dd>{shortcut.label}</dd>
          </div>
        ))}
        <div className="shortcuts__row">
          <dt>
            <kbd>Tab</kbd> first
          </dt>
          <dd>Skip to content: past the sidebar to the page</dd>
        </div>
      </dl>
    </Dialog>
  );
}
