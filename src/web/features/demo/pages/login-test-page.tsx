import { LogIn } from 'lucide-react';
import { useNavigate } from 'react-router';
import { demoAccounts } from '#shared/demo.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { ErrorState } from '#web/components/ui/states.tsx';
import { errorMessage } from '#web/lib/errors/describe-error.ts';
import { useDemoSignIn } from '../api/demo-sign-in.ts';

/** Demo mode only (a 404 otherwise): sign in as any demo account in one click. */
export default function LoginTestPage() {
  const signIn = useDemoSignIn();
  const navigate = useNavigate();
  const pending = signIn.isPending ? signIn.variables : null;
  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight">Demo sign-in</h1>
      <p className="mt-2 text-slate-600">
        This server runs in demo mode. Pick an account to look around as that person; all of them use the password{' '}
        <code className="rounded bg-slate-100 px-1">tagalong-demo</code>.
      </p>
      {signIn.isError ? (
        <div className="mt-4">
          <ErrorState title="Signing in failed">{errorMessage(signIn.error)}</ErrorState>
        </div>
      ) : null}
      <ul className="mt-6 space-y-3">
        {demoAccounts.map((account) => (
          <li key={account.email} className="rounded-lg border border-slate-200 p-4">
            <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="font-semibold">{account.name}</p>
                <p className="truncate text-sm text-slate-600">{account.email}</p>
                <p className="mt-1 text-sm text-slate-700">{account.description}</p>
              </div>
              <Button
                disabled={signIn.isPending}
                aria-label={`Sign in as ${account.name}`}
                onClick={() => signIn.mutate(account.email, { onSuccess: () => navigate('/dashboard') })}
              >
                {pending === account.email ? (
                  <Spinner label="Signing in" />
                ) : (
                  <LogIn aria-hidden="true" className="size-4" />
                )}
                Sign in
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
