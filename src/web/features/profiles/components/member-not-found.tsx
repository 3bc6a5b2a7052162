import { Link, useLocation } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';

/**
 * The 404 page for a member id that names no one (or a deleted account). It says what the router's
 * 404 for a malformed id says ("Page Not Found: {path}"), so the two cases look the same; it is drawn
 * here because a feature does not import the app shell, and throwing to the error boundary would
 * log an error for what is an ordinary answer.
 */
export function MemberNotFound() {
  const location = useLocation();
  return (
    <section role="alert" className="mx-auto max-w-xl py-16 text-center">
      <p className="text-sm font-semibold text-red-700">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">Page Not Found</h1>
      <p className="mt-3 break-words text-slate-600">Page Not Found: {location.pathname}</p>
      <div className="mt-6 flex justify-center gap-3">
        <Button asChild>
          <Link to="/">Go home</Link>
        </Button>
      </div>
    </section>
  );
}
