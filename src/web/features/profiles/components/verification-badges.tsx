import { CircleCheck, CircleDashed } from 'lucide-react';
import type { PublicProfile } from '#shared/profiles.ts';
import { Badge } from '#web/components/ui/badge.tsx';

const checks: { key: keyof PublicProfile['verification']; done: string; missing: string }[] = [
  { key: 'email', done: 'Email verified', missing: 'Email not verified' },
  { key: 'phone', done: 'Mobile verified', missing: 'Mobile not verified' },
  { key: 'identity', done: 'Identity verified', missing: 'Identity not verified' },
];

/** The three checks of docs/product.md §1 as badges, each saying its state in words (not colour alone). */
export function VerificationBadges({ verification }: { verification: PublicProfile['verification'] }) {
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Verification">
      {checks.map((check) => {
        const done = verification[check.key];
        return (
          <li key={check.key}>
            <Badge variant={done ? 'success' : 'neutral'}>
              {done ? (
                <CircleCheck aria-hidden="true" className="size-3.5" />
              ) : (
                <CircleDashed aria-hidden="true" className="size-3.5" />
              )}
              {done ? check.done : check.missing}
            </Badge>
          </li>
        );
      })}
    </ul>
  );
}
