import type { ReactNode } from 'react';
import { useIsMobile } from '../layout/use-is-mobile.js';
import { Button } from './Button.js';
import { Icon } from './Icon.js';
import { cx } from './class-names.js';

export interface ListDetailProps {
  list: ReactNode;
  detail: ReactNode;
  /** On mobile the details pane slides in over the list while this is true. */
  detailOpen: boolean;
  onBack: () => void;
}

/** A list beside its details on desktop; on mobile a list that slides the details in. */
export function ListDetail({ list, detail, detailOpen, onBack }: ListDetailProps) {
  const mobile = useIsMobile();
  return (
    <div className={cx('ui-list-detail', mobile && 'ui-list-detail--mobile', mobile && detailOpen && 'ui-list-detail--open')}>
      <div className="ui-list-detail__list">{list}</div>
      <div className="ui-list-detail__detail" aria-hidden={mobile && !detailOpen ? true : undefined}>
        {mobile ? (
          <Button variant="text" onClick={onBack}>
            <Icon name="back" />
            Back
          </Button>
        ) : null}
        {detail}
      </div>
    </div>
  );
}
