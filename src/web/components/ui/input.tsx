import type { ComponentProps } from 'react';
import { cn } from '#web/lib/cn.ts';

/** Shared look of every text-like control; the red border follows aria-invalid so errors are never colour-only. */
export const fieldControlClass =
  'w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-xs transition-colors placeholder:text-slate-500 hover:border-slate-400 focus-visible:border-brand-700 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-600 aria-invalid:border-red-700 aria-invalid:focus-visible:outline-red-700 sm:text-sm';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return (
    <input
      type={type}
      className={cn(
        fieldControlClass,
        'h-10 file:mr-3 file:border-0 file:bg-transparent file:text-sm file:font-medium file:text-slate-900',
        className,
      )}
      {...props}
    />
  );
}
