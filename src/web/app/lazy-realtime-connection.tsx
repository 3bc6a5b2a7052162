import { lazy, Suspense } from 'react';
import { importWithReload } from '#web/lib/reload-guard.ts';

// The public layouts load the socket's code after the page, not with it: socket.io-client stays off
// a visitor's first paint (ADR 0054). The element is the same before and after it has loaded.
const RealtimeConnection = lazy(() =>
  importWithReload(() => import('./realtime-connection.tsx')).then((m) => ({ default: m.RealtimeConnection })),
);

export function LazyRealtimeConnection() {
  return (
    <Suspense fallback={<span hidden data-testid="realtime-connection" data-connected={false} />}>
      <RealtimeConnection />
    </Suspense>
  );
}
