import { buildInfoSchema } from '#shared/meta.ts';

// The running build compares itself with the deployed one every 5 minutes and on focus; once they
// differ the next navigation is a full page load, so nobody keeps running an outdated app.
export const VERSION_CHECK_INTERVAL_MS = 5 * 60 * 1000;
export const runningBuildId: string = import.meta.env.VITE_BUILD_ID ?? 'dev';

let stale = false;

export function isBuildStale(): boolean {
  return stale;
}

export async function checkLatestBuild(fetchImpl: typeof fetch = fetch): Promise<boolean> {
  try {
    const res = await fetchImpl(`/builds/latest.json?t=${Date.now()}`, { cache: 'no-store' });
    if (!res.ok) return stale;
    const latest = buildInfoSchema.safeParse(await res.json());
    if (latest.success && latest.data.id !== runningBuildId) stale = true;
  } catch {
    // Offline or mid-deploy: try again at the next tick.
  }
  return stale;
}

export function startVersionCheck(): () => void {
  const onFocus = () => void checkLatestBuild();
  const timer = window.setInterval(onFocus, VERSION_CHECK_INTERVAL_MS);
  window.addEventListener('focus', onFocus);
  void checkLatestBuild();
  return () => {
    window.clearInterval(timer);
    window.removeEventListener('focus', onFocus);
  };
}
