import { type ComponentProps, useEffect, useRef, useState } from 'react';
import { cn } from '#web/lib/cn.ts';

/** True while the element's content is wider than the element itself. */
function useHorizontalOverflow<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [overflowing, setOverflowing] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setOverflowing(el.scrollWidth > el.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return [ref, overflowing] as const;
}

/**
 * A table inside a wrapper that scrolls sideways on narrow screens. When (and only when) it
 * overflows, the wrapper becomes a focusable, named region so keyboard users can scroll it too.
 */
export function Table({ className, label, ...props }: ComponentProps<'table'> & { label?: string }) {
  const [ref, overflowing] = useHorizontalOverflow<HTMLDivElement>();
  return (
    <div
      ref={ref}
      className="relative w-full overflow-x-auto rounded-lg border border-slate-200 bg-white"
      {...(overflowing ? { tabIndex: 0, role: 'region', 'aria-label': label ?? 'Table, scrolls sideways' } : {})}
    >
      <table className={cn('w-full caption-bottom border-collapse text-sm', className)} {...props} />
    </div>
  );
}

export function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
  return <thead className={cn('bg-slate-50 [&_tr]:border-b [&_tr]:border-slate-200', className)} {...props} />;
}

export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody className={cn('[&_tr:last-child]:border-0', className)} {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return <tr className={cn('border-b border-slate-200 transition-colors hover:bg-slate-50', className)} {...props} />;
}

export function TableHead({ className, scope = 'col', ...props }: ComponentProps<'th'>) {
  return (
    <th
      scope={scope}
      className={cn('h-10 px-3 text-left align-middle font-semibold whitespace-nowrap text-slate-700', className)}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cn('px-3 py-2.5 align-middle text-slate-900', className)} {...props} />;
}

export function TableCaption({ className, ...props }: ComponentProps<'caption'>) {
  return <caption className={cn('px-3 py-3 text-left text-sm text-slate-600', className)} {...props} />;
}
