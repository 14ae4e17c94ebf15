import { ChangeFeedConnection, RequireAuth, useIsMobile } from '@budget/web';
import { DesktopFrame } from './DesktopFrame.js';
import { KeyboardShortcuts } from './KeyboardShortcuts.js';
import { MobileFrame } from './MobileFrame.js';

/**
 * The wrapper of every authenticated route: sign-in first, then the frame for the screen size, and
 * the user's change feed, which keeps every remote's screens current (docs/architecture.md §4.1),
 * and the keyboard shortcuts with their "?" screen.
 */
export function AuthenticatedLayout() {
  const mobile = useIsMobile();
  return (
    <RequireAuth>
      <ChangeFeedConnection />
      {mobile ? <MobileFrame /> : <DesktopFrame />}
      <KeyboardShortcuts />
    </RequireAuth>
  );
}
