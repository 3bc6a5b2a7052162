import { Outlet } from 'react-router';
import { RealtimeConnection } from '../realtime-connection.tsx';
import { Brand } from './brand.tsx';
import { UserMenu } from './user-menu.tsx';

/** Onboarding steps of a signed-in user who may not be verified yet (mobile number, identity check). */
export function AuthenticatedLayout() {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50" data-layout="authenticated">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-3xl items-center justify-between px-4 py-3">
          <Brand />
          <UserMenu />
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-xl flex-1 px-4 py-10">
        <Outlet />
      </main>
      <RealtimeConnection />
    </div>
  );
}
