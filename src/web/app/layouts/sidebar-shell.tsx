import { Menu, X } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/cn.ts';
import { RealtimeConnection } from '../realtime-connection.tsx';
import { Brand } from './brand.tsx';
import { UserMenu } from './user-menu.tsx';

export interface NavItem {
  to: string;
  label: string;
  icon: ReactNode;
  end?: boolean;
  /** A count after the label (unread messages, unread notifications). */
  badge?: ReactNode;
}

/** The signed-in shells: a sidebar on wide screens, a menu button at 360 px. */
export function SidebarShell({
  layout,
  nav,
  navLabel,
  home,
  headerLinks,
}: {
  layout: string;
  nav: NavItem[];
  navLabel: string;
  home: string;
  /** Icon links before the account menu (the dashboard's messages and notifications, with counts). */
  headerLinks?: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  useEffect(() => setOpen(false), [location.pathname]);
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50" data-layout={layout}>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white">
        <div className="flex items-center justify-between gap-3 px-4 py-3">
          <div className="flex items-center gap-2">
            <Button
              variant="ghost"
              size="icon"
              className="lg:hidden"
              aria-label={open ? 'Close menu' : 'Open menu'}
              aria-expanded={open}
              aria-controls="sidebar-nav"
              onClick={() => setOpen((o) => !o)}
            >
              {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
            </Button>
            <Brand to={home} />
          </div>
          <div className="flex items-center gap-1 sm:gap-2">
            {headerLinks}
            <UserMenu />
          </div>
        </div>
      </header>
      <div className="flex flex-1">
        <nav
          id="sidebar-nav"
          aria-label={navLabel}
          className={cn(
            'w-64 shrink-0 border-r border-slate-200 bg-white p-3 lg:block',
            open ? 'fixed inset-x-0 top-16 bottom-0 z-20 block w-full overflow-y-auto' : 'hidden',
          )}
        >
          <ul className="space-y-1">
            {nav.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.end}
                  className={({ isActive }) =>
                    cn(
                      'flex items-center gap-3 rounded-md px-3 py-2 text-sm text-slate-700 hover:bg-slate-100',
                      isActive && 'bg-brand-50 font-semibold text-brand-800',
                    )
                  }
                >
                  <span aria-hidden="true" className="[&>svg]:size-4">
                    {item.icon}
                  </span>
                  {item.label}
                  {item.badge}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="main" className="min-w-0 flex-1 px-4 py-6 sm:px-6 lg:px-8">
          <Outlet />
        </main>
      </div>
      <RealtimeConnection />
    </div>
  );
}
