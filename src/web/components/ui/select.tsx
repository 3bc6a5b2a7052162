import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '#web/lib/cn.ts';
import { fieldControlClass } from './input.tsx';

/**
 * A styled native <select>: the platform's own picker is the most accessible and the best one on
 * phones, so we only restyle it. Props go to the <select>; `wrapperClassName` sizes the wrapper.
 */
export function NativeSelect({
  className,
  wrapperClassName,
  ...props
}: ComponentProps<'select'> & { wrapperClassName?: string }) {
  return (
    <div className={cn('relative w-full', wrapperClassName)}>
      <select className={cn(fieldControlClass, 'h-10 appearance-none pr-9', className)} {...props} />
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-600"
      />
    </div>
  );
}
