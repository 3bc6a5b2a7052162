import { useState } from 'react';
import { cn } from '#web/lib/cn.ts';

/**
 * The other participant's photo (or initial) with the online dot. Decorative: the name sits beside
 * it, and the dot's meaning is said in words by <OnlineText>.
 */
export function RecipientAvatar({
  name,
  image,
  online,
  size = 'md',
}: {
  name: string;
  image: string | null;
  online: boolean;
  size?: 'sm' | 'md';
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const box = size === 'sm' ? 'size-10' : 'size-12';
  return (
    <span aria-hidden="true" className={cn('relative shrink-0', box)}>
      {image && failed !== image ? (
        <img
          src={image}
          alt=""
          className={cn('rounded-full bg-slate-100 object-cover', box)}
          onError={() => setFailed(image)}
        />
      ) : (
        <span className={cn('grid place-items-center rounded-full bg-brand-100 text-lg font-bold text-brand-800', box)}>
          {name.trim().slice(0, 1).toUpperCase() || '?'}
        </span>
      )}
      <span
        data-online={online}
        className={cn(
          'absolute right-0 bottom-0 size-3.5 rounded-full border-2 border-white',
          online ? 'bg-green-600' : 'bg-slate-400',
        )}
      />
    </span>
  );
}

/**
 * The online dot in words, for screen readers (and anyone who cannot tell the colours apart);
 * `inline` words it to follow a name (", online").
 */
export function OnlineText({ online, className, inline }: { online: boolean; className?: string; inline?: boolean }) {
  const words = online ? 'online' : 'offline';
  return (
    <span className={className} data-presence={words}>
      {inline ? `, ${words}` : words.charAt(0).toUpperCase() + words.slice(1)}
    </span>
  );
}
