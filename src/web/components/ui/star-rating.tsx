import { Star } from 'lucide-react';
import { cn } from '#web/lib/cn.ts';

const ratingFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });

/** "4.5 out of 5", in the reader's locale: what the stars say, for everyone. */
export const ratingText = (rating: number) => `${ratingFormat.format(rating)} out of 5`;

/**
 * Five stars, filled up to the rating (halves rounded to the nearest whole star), read out as
 * "4 out of 5 stars"; `decorative` when the same words are written next to them.
 */
export function StarRating({
  rating,
  decorative = false,
  size = 'sm',
  className,
}: {
  rating: number;
  decorative?: boolean;
  size?: 'sm' | 'md';
  className?: string;
}) {
  const filled = Math.round(rating);
  const a11y = decorative
    ? ({ 'aria-hidden': true } as const)
    : ({ role: 'img', 'aria-label': `${ratingText(rating)} stars` } as const);
  return (
    <span {...a11y} className={cn('inline-flex gap-0.5', className)}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          className={cn(
            size === 'md' ? 'size-5' : 'size-4',
            n <= filled ? 'fill-amber-400 text-amber-500' : 'fill-none text-slate-400',
          )}
        />
      ))}
    </span>
  );
}
