// The category picker in a dialog, as the transaction dialog has it: the page category-picker.spec.ts drives in Chromium.
import '../ui/theme.css';
import '../ui/primitives.css';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Dialog } from '../ui/Dialog.js';
import { buildCategoryTree } from './category-tree.js';
import { CategoryPicker } from './CategoryPicker.js';

const tree = buildCategoryTree({
  groups: [
    { id: '1', name: 'System', type: 'SYSTEM', parentGroupId: null },
    { id: '2', name: 'NoGroup', type: 'NO GROUP', parentGroupId: null },
    { id: '3', name: 'Food', type: 'REGULAR', parentGroupId: null },
    { id: '4', name: 'Treats', type: 'REGULAR', parentGroupId: '3' },
    { id: '5', name: 'Home', type: 'REGULAR', parentGroupId: null },
  ],
  categories: [
    { id: '10', groupId: '1', name: 'Unassigned', type: 'UNASSIGNED', balance: 0 },
    { id: '11', groupId: '1', name: 'Funding Pool', type: 'FUNDING POOL', balance: 0 },
    { id: '12', groupId: '1', name: 'Account Transfer', type: 'ACCOUNT TRANSFER', balance: 0 },
    { id: '13', groupId: '1', name: 'Reserve', type: 'REGULAR', balance: 0 },
    { id: '20', groupId: '3', name: 'Groceries', type: 'REGULAR', balance: 0 },
    { id: '21', groupId: '3', name: 'Dining Out', type: 'REGULAR', balance: 0 },
    { id: '22', groupId: '4', name: 'Cake', type: 'REGULAR', balance: 0 },
    { id: '23', groupId: '5', name: 'Food Storage', type: 'REGULAR', balance: 0 },
    { id: '30', groupId: '2', name: 'Books', type: 'REGULAR', balance: 0 },
  ],
});

declare global {
  interface Window {
    /** Every category the pickers reported, in order. */
    chosen: string[];
  }
}
window.chosen = [];

function Scene() {
  const [open, setOpen] = useState(true);
  const [first, setFirst] = useState<string | null>(new URLSearchParams(location.search).get('value'));
  const [second, setSecond] = useState<string | null>(null);
  const report = (set: (id: string) => void) => (id: string) => {
    window.chosen.push(id);
    set(id);
  };
  if (!open) return <p>Dialog closed</p>;
  return (
    <Dialog open title="Transaction" onClose={() => setOpen(false)} testId="dialog">
      <CategoryPicker label="Category 1" hideLabel tree={tree} value={first} onChange={report(setFirst)} />
      <CategoryPicker label="Category 2" tree={tree} value={second} onChange={report(setSecond)} error={second ? null : 'Choose a category'} />
      <button type="button">After</button>
    </Dialog>
  );
}

createRoot(document.getElementById('root')!).render(<Scene />);
