// A tab strip and a menu whose Radix parts arrive late, each followed by a box: the page lazy-parts-focus.spec.ts drives in Chromium.
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Menu } from './Menu.js';
import { Tabs } from './Tabs.js';

declare global {
  interface Window {
    /** Every menu item chosen, in order. */
    picked: string[];
  }
}
window.picked = [];

const VIEWS = [
  { id: 'posted', label: 'Transactions' },
  { id: 'pending', label: 'Pending' },
] as const;

function Scene() {
  const [view, setView] = useState<'posted' | 'pending'>('posted');
  return (
    <main>
      <Tabs label="Views" tabs={VIEWS} value={view} onChange={setView} />
      <p data-testid="view">{view}</p>
      <input aria-label="After the tabs" />
      <Menu label="Add…" items={[{ label: 'Group', onSelect: () => window.picked.push('Group') }]} testId="menu" />
      <input aria-label="After the menu" />
    </main>
  );
}

createRoot(document.getElementById('root')!).render(<Scene />);
