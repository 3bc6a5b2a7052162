import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import { cn } from '#web/lib/cn.ts';

/** An inline link in running text: underlined, brand colour at AA contrast. */
export function TextLink({ className, ...props }: ComponentProps<typeof Link>) {
  return (
    <Link
      className={cn('font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800', className)}
      {...props}
    />
  );
}
