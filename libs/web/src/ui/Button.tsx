import type { ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from 'react-router';
import { cx } from './class-names.js';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'text';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
}

const variantClass = (variant: ButtonVariant) => cx('ui-button', variant !== 'secondary' && `ui-button--${variant}`);

export function Button({ variant = 'secondary', type = 'button', className, ...props }: ButtonProps) {
  return <button type={type} className={cx(variantClass(variant), className)} {...props} />;
}

/** A router link that looks like a button. */
export function ButtonLink({ variant = 'secondary', className, ...props }: LinkProps & { variant?: ButtonVariant }) {
  return <Link className={cx(variantClass(variant), className)} {...props} />;
}
