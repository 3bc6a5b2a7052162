import { useState } from 'react';
import { cn } from '#web/lib/cn.ts';

const sizes = { sm: 'size-10 text-base', md: 'size-16 text-2xl', lg: 'size-24 text-4xl' } as const;

/**
 * A member's photo, or their initial on a coloured disc when there is none (or it fails to load).
 * Decorative by default: the name is always written next to it.
 */
export function MemberAvatar({
  name,
  image,
  size = 'md',
  alt = '',
  className,
}: {
  name: string;
  image: string | null;
  size?: keyof typeof sizes;
  alt?: string;
  className?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const box = cn('shrink-0 rounded-full', sizes[size], className);
  if (image && failed !== image) {
    return (
      <img
        src={image}
        alt={alt}
        width={256}
        height={256}
        className={cn(box, 'bg-slate-100 object-cover')}
        onError={() => setFailed(image)}
      />
    );
  }
  const initial = name.trim().slice(0, 1).toUpperCase() || '?';
  const disc = cn(box, 'grid place-items-center bg-brand-100 font-bold text-brand-800');
  if (alt) {
    return (
      <span role="img" aria-label={alt} className={disc}>
        {initial}
      </span>
    );
  }
  return (
    <span aria-hidden="true" className={disc}>
      {initial}
    </span>
  );
}
