import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isTyping, sectionOf, shortcutFor, type Shortcut } from './shortcuts.js';

const ShortcutsDialog = lazy(() => import('./ShortcutsDialog.js'));

/**
 * Puts the focus on the page (`<main id="main">`): focusable only while it holds the focus, so a
 * click inside the page never lands the focus on it (which would close an open menu).
 */
export function focusMain(): void {
  const main = document.getElementById('main');
  if (!main) return;
  main.setAttribute('tabindex', '-1');
  main.addEventListener('blur', () => main.removeAttribute('tabindex'), { once: true });
  main.focus({ preventScroll: true });
}

/** How long a shortcut waits for its control on the page it went to (a remote loading, data arriving). */
const WAIT_MS = 10_000;

function findControl(target: string): HTMLElement | null {
  const control = document.querySelector<HTMLElement>(`[data-shortcut="${target}"]`);
  return control && !control.hasAttribute('disabled') ? control : null;
}

/** Resolves the control once it is on the page and enabled, or null after `WAIT_MS`. */
function waitForControl(target: string): Promise<HTMLElement | null> {
  const found = findControl(target);
  if (found) return Promise.resolve(found);
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      const control = findControl(target);
      if (control) {
        observer.disconnect();
        clearTimeout(timer);
        resolve(control);
      }
    });
    const timer = setTimeout(() => {
      observer.disconnect();
      resolve(null);
    }, WAIT_MS);
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled'] });
  });
}

/**
 * The keyboard shortcuts of every signed-in page (shortcuts.ts) and their "?" screen, and the focus
 * after a move to another section: it goes to the page (`main`), so the next Tab reaches the page's
 * own controls instead of walking the sidebar again.
 */
export function KeyboardShortcuts() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [helpOpen, setHelpOpen] = useState(false);
  const section = useRef(sectionOf(pathname));

  useEffect(() => {
    const next = sectionOf(pathname);
    if (next === section.current) return;
    section.current = next;
    const main = document.getElementById('main');
    // Already on the page (a shortcut focused its field): leave it there.
    if (main && !main.contains(document.activeElement)) focusMain();
  }, [pathname]);

  useEffect(() => {
    const run = async (shortcut: Shortcut) => {
      if (shortcut.key === '?') return setHelpOpen(true);
      let control = findControl(shortcut.target);
      if (!control && shortcut.route !== null) {
        navigate(shortcut.route);
        control = await waitForControl(shortcut.target);
      }
      if (!control) return;
      if (shortcut.act === 'focus') control.focus();
      else control.click();
    };
    const onKey = (event: KeyboardEvent) => {
      const active = document.activeElement;
      const shortcut = shortcutFor(event, { typing: isTyping(active), inDialog: active?.closest('[role="dialog"], [role="alertdialog"]') != null || document.querySelector('[role="dialog"]') !== null });
      if (!shortcut) return;
      event.preventDefault();
      void run(shortcut);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [navigate]);

  // The list is its own chunk: fetched the first time "?" is pressed, never in the first load.
  return helpOpen ? (
    <Suspense fallback={null}>
      <ShortcutsDialog onClose={() => setHelpOpen(false)} />
    </Suspense>
  ) : null;
}

/** The first stop of the keyboard on every page: straight to the page, past the header and the sidebar. */
export function SkipLink() {
  return (
    <a className="skip-link" href="#main" onClick={(event) => {
      event.preventDefault();
      focusMain();
    }}>
      Skip to content
    </a>
  );
}
