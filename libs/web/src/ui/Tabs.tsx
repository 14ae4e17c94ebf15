import { useState } from 'react';
import { lazyParts } from './lazy-parts.js';

export interface TabItem<T extends string> {
  id: T;
  label: string;
}

export interface TabsProps<T extends string> {
  tabs: readonly TabItem<T>[];
  value: T;
  onChange: (id: T) => void;
  label: string;
}

/** Radix's tabs arrive when a pointer or the focus first reaches a strip (docs/architecture.md §9: /home shows one). */
const tabsParts = lazyParts(() => import('./parts/TabsFrame.js'));

/**
 * A tab strip (Radix UI Tabs); the caller renders the selected panel below it. Until its parts
 * have arrived it is the same markup with only the selected tab in the Tab order, and a click
 * selects.
 */
export function Tabs<T extends string>({ tabs, value, onChange, label }: TabsProps<T>) {
  const [parts, setParts] = useState(tabsParts.loaded);
  const [focused, setFocused] = useState<string | null>(null);
  if (parts) return <parts.TabsFrame tabs={tabs} value={value} onChange={(id) => onChange(id as T)} label={label} focused={focused} />;

  const load = () =>
    void tabsParts.load().then((module) => {
      const active = document.activeElement;
      setFocused(active instanceof HTMLElement && active.dataset.tab !== undefined && active.closest('[role="tablist"]')?.getAttribute('aria-label') === label ? active.dataset.tab : null);
      setParts(() => module);
    });
  return (
    <div role="tablist" aria-label={label} aria-orientation="horizontal" className="ui-tabs" onPointerEnter={load} onFocus={load}>
      {tabs.map((tab) => (
        <button key={tab.id} type="button" role="tab" className="ui-tab" data-tab={tab.id} aria-selected={tab.id === value} tabIndex={tab.id === value ? 0 : -1} onClick={() => onChange(tab.id)}>
          {tab.label}
        </button>
      ))}
    </div>
  );
}
