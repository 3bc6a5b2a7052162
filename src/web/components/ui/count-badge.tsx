import { cn } from '#web/lib/cn.ts';

/**
 * A small count on a link or a list item (unread messages, unread notifications). Nothing when the
 * count is zero. The number is seen; `label` ("3 unread") is what a screen reader hears instead.
 */
export function CountBadge({ count, label, className }: { count: number; label: string; className?: string }) {
  if (count <= 0) return null;
  return (
    <span
      data-count={count}
      className={cn(
        'inline-flex min-w-5 items-center justify-center rounded-full bg-brand-700 px-1.5 text-xs leading-5 font-semibold text-white tabular-nums',
        className,
      )}
    >
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="sr-only">{label}</span>
    </span>
  );
}
