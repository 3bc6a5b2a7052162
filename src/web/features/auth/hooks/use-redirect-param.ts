import { useSearchParams } from 'react-router';
import { safeRedirectTarget } from '#shared/routes.ts';

/** The `?redirect=` target when it is a safe same-site path (the app root follows it after sign-in). */
export function useRedirectParam(): string | null {
  const [params] = useSearchParams();
  return safeRedirectTarget(params.get('redirect'));
}
