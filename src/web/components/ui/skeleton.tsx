import type { ComponentProps } from 'react';
import { cn } from '#web/lib/cn.ts';

/** A grey placeholder block; decorative, so pair it with a status message (e.g. Spinner) for screen readers. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      aria-hidden="true"
      className={cn('animate-pulse rounded-md bg-slate-200 motion-reduce:animate-none', className)}
      {...props}
    />
  );
}
