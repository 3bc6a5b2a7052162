import { Link, NavLink, Outlet } from 'react-router';
import { LazyRealtimeConnection } from '../lazy-realtime-connection.tsx';
import { Brand } from './brand.tsx';
import { UserMenu } from './user-menu.tsx';

const footerLinks = [
  ['/packages', 'Packages to carry'],
  ['/trips', 'Trips going your way'],
  ['/about', 'About'],
  ['/need-help', 'Need help?'],
  ['/refund-policy', 'Refund policy'],
  ['/privacy-policy', 'Privacy policy'],
  ['/terms-and-conditions', 'Terms and conditions'],
] as const;

/** Public pages: home, about, help, policies, diagnostics. */
export function MiscPagesLayout() {
  return (
    <div className="flex min-h-dvh flex-col" data-layout="miscpages">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
          <Brand />
          <nav aria-label="Main" className="hidden gap-5 text-sm text-slate-700 md:flex">
            <NavLink to="/packages" className="hover:text-brand-700">
              Packages
            </NavLink>
            <NavLink to="/trips" className="hover:text-brand-700">
              Trips
            </NavLink>
            <NavLink to="/about" className="hover:text-brand-700">
              About
            </NavLink>
            <NavLink to="/need-help" className="hover:text-brand-700">
              Need help?
            </NavLink>
          </nav>
          <UserMenu />
        </div>
      </header>
      {/* At least a screen tall, so the footer starts below the fold and does not jump when a lazily
          loaded page arrives (layout shift, ADR 0054). */}
      <main id="main" className="mx-auto min-h-[calc(100dvh-4rem)] w-full max-w-6xl flex-1 px-4 py-8">
        <Outlet />
      </main>
      <footer className="border-t border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-6 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between">
          <p>© {new Date().getFullYear()} Tagalong</p>
          <nav aria-label="Footer" className="flex flex-wrap gap-x-4 gap-y-2">
            {footerLinks.map(([to, label]) => (
              <Link key={to} to={to} className="hover:text-brand-700">
                {label}
              </Link>
            ))}
          </nav>
        </div>
      </footer>
      <LazyRealtimeConnection />
    </div>
  );
}
