import { expect, it, vi } from 'vitest';

it('marks the build stale only once the deployed id differs, asking with a timestamp', async () => {
  vi.stubEnv('VITE_BUILD_ID', 'build-a');
  vi.resetModules();
  const { checkLatestBuild, isBuildStale, runningBuildId } = await import('./version-check.ts');
  expect(runningBuildId).toBe('build-a');
  const urls: string[] = [];
  const serve = (id: string) =>
    (async (url: string) => {
      urls.push(url);
      return new Response(JSON.stringify({ id, timestamp: 1 }));
    }) as unknown as typeof fetch;

  expect(await checkLatestBuild(serve('build-a'))).toBe(false);
  expect(urls[0]).toMatch(/^\/builds\/latest\.json\?t=\d+$/);
  expect(await checkLatestBuild((async () => new Response('oops', { status: 500 })) as unknown as typeof fetch)).toBe(
    false,
  );
  expect(await checkLatestBuild((async () => Promise.reject(new Error('offline'))) as unknown as typeof fetch)).toBe(
    false,
  );
  expect(await checkLatestBuild(serve('build-b'))).toBe(true);
  expect(isBuildStale()).toBe(true);
  vi.unstubAllEnvs();
});
