import { Link } from 'react-router';
import { Icon, type IconName } from './Icon.js';

export interface NavItem {
  label: string;
  to: string;
  icon: IconName;
  active: boolean;
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
        </Link>
      ))}
    </nav>
  );
}
