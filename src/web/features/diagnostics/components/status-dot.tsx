import { cn } from '#web/lib/cn.ts';

/** A coloured dot beside a word: the word carries the meaning, the colour only repeats it. */
export function StatusText({ good, children }: { good: boolean; children: string }) {
  return (
    <span
      className={cn('inline-flex items-center gap-2 font-sans font-medium', good ? 'text-green-800' : 'text-red-800')}
    >
      <span aria-hidden="true" className={cn('size-2.5 rounded-full', good ? 'bg-green-600' : 'bg-red-600')} />
      {children}
    </span>
  );
}
