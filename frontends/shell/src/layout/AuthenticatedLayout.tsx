import { RequireAuth, useIsMobile } from '@budget/web';
import { DesktopFrame } from './DesktopFrame.js';
import { MobileFrame } from './MobileFrame.js';

/** The wrapper of every authenticated route: sign-in first, then the frame for the screen size. */
export function AuthenticatedLayout() {
  const mobile = useIsMobile();
  return <RequireAuth>{mobile ? <MobileFrame /> : <DesktopFrame />}</RequireAuth>;
}
