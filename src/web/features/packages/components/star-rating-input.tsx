import { Star } from 'lucide-react';
import { cn } from '#web/lib/cn.ts';

const STARS = [1, 2, 3, 4, 5] as const;
const starsWord = (n: number) => (n === 1 ? '1 star' : `${n} stars`);

/**
 * Choosing 1 to 5 stars: five real radio buttons (arrow keys move between them, each read as
 * "3 stars"), drawn as stars. The group is a fieldset named by its legend.
 */
export function StarRatingInput({
  name,
  legend,
  value,
  onChange,
  error,
  errorId,
}: {
  name: string;
  legend: string;
  value: number | null;
  onChange: (rating: number) => void;
  error?: string | null;
  errorId: string;
}) {
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="flex flex-col gap-1.5">
      <legend className="mb-1.5 text-sm font-medium text-slate-900">
        {legend} <span className="font-normal text-slate-600">(required)</span>
      </legend>
      <div className="flex flex-wrap gap-1">
        {STARS.map((n) => (
          <label key={n} className="relative cursor-pointer">
            {/* The real radio lies over its star, transparent: a tap or click on the star is on it. */}
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              aria-invalid={error ? true : undefined}
              className="peer absolute inset-0 m-0 size-full cursor-pointer opacity-0"
            />
            <span className="sr-only">{starsWord(n)}</span>
            <Star
              aria-hidden="true"
              className={cn(
                'block size-9 rounded-md p-1 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-1 peer-focus-visible:outline-brand-700',
                value !== null && n <= value ? 'fill-amber-400 text-amber-500' : 'text-slate-500 hover:text-amber-500',
              )}
            />
          </label>
        ))}
        <span aria-hidden="true" className="self-center pl-2 text-sm text-slate-700">
          {value ? `${starsWord(value)} of 5` : ''}
        </span>
      </div>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
