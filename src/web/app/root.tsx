import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useMatches, useNavigate, useSearchParams } from 'react-router';
import { nextOnboardingStep, withRedirect } from '#shared/onboarding.ts';
import { safeRedirectTarget } from '#shared/routes.ts';
import { Toaster } from '#web/components/ui/toaster.tsx';
import { useSession, useSessionRefresh } from '#web/lib/session.ts';
import { isBuildStale, startVersionCheck } from '#web/lib/version-check.ts';
import { MaintenanceNotice } from './maintenance-notice.tsx';

/**
 * A session that disappears (sign-out here or elsewhere, expiry, revocation) sends the user to
 * sign-in. On a guarded page the guard does it (keeping the page in `redirect`); two navigations
 * at once would race each other.
 */
function useSignedOutRedirect() {
  const session = useSession();
  const navigate = useNavigate();
  const matches = useMatches();
  const guarded = matches.some((m) => (m.handle as { guarded?: boolean } | undefined)?.guarded);
  const previous = useRef<string | null>(null);
  useEffect(() => {
    if (session.isPending || session.isError) return;
    const current = session.data?.id ?? null;
    if (previous.current && !current && !guarded) navigate('/auth/login', { replace: true });
    previous.current = current;
  }, [session.data, session.isPending, session.isError, guarded, navigate]);
}

/** docs/product.md §1: a signed-in user with ?redirect= goes there if verified, else to the next onboarding step. */
function useRedirectParam() {
  const session = useSession();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const target = safeRedirectTarget(params.get('redirect'));
  useEffect(() => {
    const me = session.data;
    if (!me || !target) return;
    const step = nextOnboardingStep(me);
    if (!step) {
      navigate(target, { replace: true });
      return;
    }
    if (location.pathname !== new URL(step, 'http://x').pathname)
      navigate(withRedirect(step, target), { replace: true });
  }, [session.data, target, location.pathname, navigate]);
}

/** Once a newer build is deployed, the next navigation loads the page afresh. */
function useVersionCheck() {
  const location = useLocation();
  const first = useRef(true);
  useEffect(() => startVersionCheck(), []);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (isBuildStale()) window.location.reload();
  }, [location.key]);
}

export function Root() {
  useSessionRefresh();
  useSignedOutRedirect();
  useRedirectParam();
  useVersionCheck();
  return (
    <>
      <MaintenanceNotice />
      <Outlet />
      <Toaster />
    </>
  );
}
