import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Icon, type IconName } from './Icon.js';
import { NavBadge, type NavItem } from './Sidebar.js';

export interface BottomBarAction {
  label: string;
  icon: IconName;
  active?: boolean;
  to?: string;
  onClick?: () => void;
  badge?: NavItem['badge'];
}

/** The mobile icon bar; `extra` holds items that bring their own trigger (a More menu). */
export function BottomBar({ items, extra }: { items: readonly BottomBarAction[]; extra?: ReactNode }) {
  return (
    <nav className="ui-bottom-bar" aria-label="Main" data-testid="bottom-bar">
      {items.map((item) => {
        const content = (
          <>
            <Icon name={item.icon} />
            {item.label}
            <NavBadge badge={item.badge} />
          </>
        );
        return item.to !== undefined ? (
          <Link key={item.label} to={item.to} className="ui-bottom-bar__item" aria-current={item.active ? 'page' : undefined}>
            {content}
          </Link>
        ) : (
          <button key={item.label} type="button" className="ui-bottom-bar__item" onClick={item.onClick}>
            {content}
          </button>
        );
      })}
      {extra}
    </nav>
  );
}

/** The trigger content of a bottom-bar menu, matching the other items. */
export function BottomBarLabel({ icon, label }: { icon: IconName; label: string }) {
  return (
    <>
      <Icon name={icon} />
      {label}
    </>
  );
}
