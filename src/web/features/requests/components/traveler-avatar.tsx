import { useState } from 'react';

/** A traveler's photo, or their initial on a disc when there is none; decorative, the name is beside it. */
export function TravelerAvatar({ name, image }: { name: string; image: string | null }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (image && failed !== image) {
    return (
      <img
        src={image}
        alt=""
        width={48}
        height={48}
        className="size-12 shrink-0 rounded-full bg-slate-100 object-cover"
        onError={() => setFailed(image)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className="grid size-12 shrink-0 place-items-center rounded-full bg-brand-100 text-lg font-bold text-brand-800"
    >
      {name.trim().slice(0, 1).toUpperCase() || '?'}
    </span>
  );
}
