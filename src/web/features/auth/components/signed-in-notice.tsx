import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Me } from '#shared/auth.ts';
import { Button } from '#web/components/ui/button.tsx';

/** Shown on the sign-in and register pages to someone who already is signed in. */
export function SignedInNotice({ me, children }: { me: Me; children?: ReactNode }) {
  return (
    <div className="flex flex-col gap-4">
      <p className="break-words text-slate-700">
        You're signed in as <strong className="font-semibold text-slate-900">{me.name}</strong> ({me.email}).
      </p>
      {children}
      <Button asChild className="self-start">
        <Link to="/dashboard">Go to your dashboard</Link>
      </Button>
    </div>
  );
}
