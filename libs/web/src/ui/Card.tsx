import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from './class-names.js';

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  title?: ReactNode;
}

export function Card({ title, className, children, ...props }: CardProps) {
  return (
    <section className={cx('ui-card', className)} {...props}>
      {title ? <h2>{title}</h2> : null}
      {children}
    </section>
  );
}
