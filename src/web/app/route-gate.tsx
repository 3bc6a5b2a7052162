import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useLayoutEffect } from 'react';
import { APP_READY_ATTRIBUTE } from '#shared/page-shell.ts';
import { documentTitle, type RouteDef } from '#shared/routes.ts';
import { PageSpinner } from '#web/components/ui/spinner.tsx';
import { useAppMeta } from '#web/lib/app-meta.ts';
import { importWithReload } from '#web/lib/reload-guard.ts';
import { NotFoundPage } from './errors/not-found-page.tsx';
import { getGuard } from './guards/registry.tsx';
import { pages } from './pages.ts';

type PageLoader = (typeof pages)[keyof typeof pages];

const lazyPages = new Map<string, ReturnType<typeof lazy>>();
function lazyPage(path: string) {
  let page = lazyPages.get(path);
  if (!page) {
    const load = (pages as Record<string, PageLoader | undefined>)[path];
    if (!load) throw new Error(`No page registered for route ${path}`);
    page = lazy(() => importWithReload(load));
    lazyPages.set(path, page);
  }
  return page;
}

/** Marks the document once a page has mounted (or taken over the server's HTML of it: ADR 0056). */
function PageReady() {
  useEffect(() => {
    document.documentElement.setAttribute(APP_READY_ATTRIBUTE, 'ready');
  }, []);
  return null;
}

const loadedPages = new Map<string, ComponentType>();

/**
 * Loads a page's module before the app starts, so a page the server rendered is taken over in the
 * same pass as its layout (ADR 0056): later, the layout's queries may have answered, and the page
 * would no longer match its HTML.
 */
export async function preloadPage(path: string): Promise<void> {
  const load = (pages as Record<string, PageLoader | undefined>)[path];
  if (load) loadedPages.set(path, (await importWithReload(load)).default);
}

function DemoOnly({ children }: { children: ReactNode }) {
  const meta = useAppMeta();
  if (meta.isPending) return <PageSpinner />;
  if (!meta.data?.demoMode) return <NotFoundPage />;
  return children;
}

/** One route of the table: its guard, its demo-only rule, its title, then its lazily loaded page. */
export function RouteGate({ route }: { route: RouteDef }) {
  // A layout effect runs before every page's own effects, so a page that has more to say (the
  // not-found page inside a demo-only route, say) sets the title after this one.
  useLayoutEffect(() => {
    // The same title the server wrote into the page's head (ADR 0054).
    document.title = documentTitle(route);
  }, [route]);
  const Page = loadedPages.get(route.path) ?? lazyPage(route.path);
  let content: ReactNode = (
    <Suspense fallback={<PageSpinner />}>
      <Page />
      <PageReady />
    </Suspense>
  );
  if (route.guard) {
    const Guard = getGuard(route.guard);
    content = <Guard>{content}</Guard>;
  }
  if (route.demoOnly) content = <DemoOnly>{content}</DemoOnly>;
  return content;
}
