import { Link } from 'react-router';
import { Icon, type IconName } from './Icon.js';

export interface NavItem {
  label: string;
  to: string;
  icon: IconName;
  active: boolean;
  /** A count shown beside the label (the Accounts entry's rows not yet reviewed); none at 0. */
  badge?: { count: number; label: string } | undefined;
}

/** A navigation entry's count: the number, and what it counts for screen readers. */
export function NavBadge({ badge }: { badge: NavItem['badge'] }) {
  if (!badge || badge.count <= 0) return null;
  return (
    <span className="ui-badge" data-testid="nav-badge">
      {badge.count}
      <span className="ui-visually-hidden"> {badge.label}</span>
    </span>
  );
}

/** The desktop navigation column. */
export function Sidebar({ items }: { items: readonly NavItem[] }) {
  return (
    <nav className="ui-sidebar" aria-label="Main" data-testid="sidebar">
      {items.map((item) => (
        <Link
          key={item.label}
          to={item.to}
          className="ui-sidebar__link"
          aria-current={item.active ? 'page' : undefined}
        >
          <Icon name={item.icon} />
          {item.label}
          <NavBadge badge={item.badge} />
        </Link>
      ))}
    </nav>
  );
}
