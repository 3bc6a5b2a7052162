import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { describeError as describeRequestError, errorStatus } from '#web/lib/errors/describe-error.ts';

export const DEFAULT_TITLES: Record<number, string> = { 404: 'Page Not Found', 500: 'Internal Server Error' };

/**
 * What went wrong, as a status code and message (default 500, titles per status). A failed API
 * request reads through the error words table, so no server sentence reaches the page.
 */
export function describeRouteError(error: unknown): { status: number; title: string; message: string } {
  if (isRouteErrorResponse(error)) {
    const status = error.status;
    const title = DEFAULT_TITLES[status] ?? (error.statusText || 'Something went wrong');
    const message = typeof error.data === 'string' ? error.data : error.statusText || title;
    return { status, title, message };
  }
  const request = describeRequestError(error);
  if (request.code !== 'UNKNOWN') {
    const status = errorStatus(error) ?? 500;
    return { status, title: DEFAULT_TITLES[status] ?? 'Something went wrong', message: request.message };
  }
  const message = error instanceof Error ? error.message : 'An unexpected error occurred.';
  return { status: 500, title: DEFAULT_TITLES[500] as string, message };
}

/** The error boundary of each layout: unhandled errors in a page land here, inside the layout. */
export function ErrorPage() {
  const error = useRouteError();
  const { status, title, message } = describeRouteError(error);
  if (status >= 500) console.error(error);
  return (
    <section role="alert" className="mx-auto max-w-xl py-16 text-center">
      <p className="text-sm font-semibold text-red-700">{status}</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">{title}</h1>
      <p className="mt-3 break-words text-slate-600">{message}</p>
      <div className="mt-6 flex justify-center gap-3">
        <Button onClick={() => window.location.reload()} variant="secondary">
          Reload
        </Button>
        <Button asChild>
          <Link to="/">Go home</Link>
        </Button>
      </div>
    </section>
  );
}
