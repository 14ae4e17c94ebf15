// The category picker in a dialog, as the transaction dialog has it: the page category-picker.spec.ts drives in Chromium.
import '../ui/theme.css';
import '../ui/primitives.css';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Dialog } from '../ui/Dialog.js';
import { pickerTree as tree } from './category-tree.testing.js';
import { CategoryPicker } from './CategoryPicker.js';

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
