import { Outlet } from 'react-router';
import { LazyRealtimeConnection } from '../lazy-realtime-connection.tsx';
import { Brand } from './brand.tsx';

/** Sign-in, registration and password reset: one centred card. */
export function AuthPagesLayout() {
  return (
    <div className="flex min-h-dvh flex-col items-center bg-slate-50 px-4 py-10" data-layout="authpages">
      <header className="mb-8">
        <Brand />
      </header>
      <main id="main" className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <Outlet />
      </main>
      <LazyRealtimeConnection />
    </div>
  );
}
