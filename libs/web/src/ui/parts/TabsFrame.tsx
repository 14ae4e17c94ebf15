import * as RadixTabs from '@radix-ui/react-tabs';
import { useRef } from 'react';
import { useFocusHandOver } from '../../focus/use-focus-on-arrival.js';

export interface TabsFrameProps {
  tabs: readonly { id: string; label: string }[];
  value: string;
  onChange: (id: string) => void;
  label: string;
  /** The tab that had the focus in the plain strip these parts replace. */
  focused: string | null;
}

/**
 * The tab strip on Radix UI: one Tab stop, Left/Right/Home/End move between the tabs and select them.
 * Its Root is drawn on the list itself (`asChild`), so the strip is the same one element in the page
 * as the plain strip it replaces: a page's rules for its own strip (`.account-detail > .ui-tabs`)
 * hold before and after the parts arrive.
 */
export function TabsFrame({ tabs, value, onChange, label, focused }: TabsFrameProps) {
  const list = useRef<HTMLDivElement>(null);
  // The plain strip's focused tab hands the focus to its Radix twin, unless a key has moved it on meanwhile.
  useFocusHandOver(() => (focused === null ? null : list.current?.querySelector<HTMLElement>(`[data-tab="${CSS.escape(focused)}"]`)), focused !== null);
  return (
    <RadixTabs.Root value={value} onValueChange={onChange} activationMode="automatic" asChild>
      <RadixTabs.List ref={list} aria-label={label} className="ui-tabs">
        {tabs.map((tab) => (
          // The panel is the caller's, so no tab points at one Radix would render.
          <RadixTabs.Trigger key={tab.id} value={tab.id} className="ui-tab" data-tab={tab.id} aria-controls={undefined}>
            {tab.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
    </RadixTabs.Root>
  );
}
