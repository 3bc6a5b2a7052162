import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';

/** The unmatched-path page: "Page not found" followed by the path. */
export function NotFoundPage() {
  const location = useLocation();
  useEffect(() => {
    document.title = 'Page Not Found · Tagalong';
  }, []);
  return (
    <section className="mx-auto max-w-xl py-16 text-center">
      <p className="text-sm font-semibold text-brand-700">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">Page not found</h1>
      <p className="mt-3 break-all text-slate-600">
        <code>{location.pathname}</code>
      </p>
      <Button asChild className="mt-6">
        <Link to="/">Go to the home page</Link>
      </Button>
    </section>
  );
}
