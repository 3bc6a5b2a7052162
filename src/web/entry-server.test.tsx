import { afterEach, describe, expect, it } from 'vitest';
import { fetchOnServer, render } from './entry-server.tsx';

// The server's renderer draws a visitor's page with the API's answers (ADR 0065): those come with the
// page for the browser's first render; late or failed ones are left for the browser to ask.

const settings = {
  currency: 'EUR',
  feePercent: 10,
  feeMinimum: 100,
  rewardMin: 500,
  rewardMax: 100000,
  weightMinGrams: 100,
  weightMaxGrams: 20000,
  minDistanceKm: 1,
  matchRadiusKm: 50,
  matchRadiusMaxKm: 300,
  prohibitedWords: [],
  maxPhotos: 5,
  sendersNeedVerifiedProfile: true,
  maintenanceOn: false,
  maintenanceText: '',
};
const noPackages = { items: [], from: null, to: null, radiusKm: 50, nextCursor: null };

/** The API as the renderer reaches it: each path's answer after `delayMs`, and what was asked. */
function api(answers: Record<string, { body: unknown; status?: number; delayMs?: number }>) {
  const asked: string[] = [];
  fetchOnServer(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    asked.push(`${url.pathname}${url.search}`);
    const answer = answers[url.pathname] ?? { body: { error: { code: 'NOT_FOUND' } }, status: 404 };
    await new Promise((resolve) => setTimeout(resolve, answer.delayMs ?? 0));
    return Response.json(answer.body, { status: answer.status ?? 200 });
  });
  return asked;
}

afterEach(() => fetchOnServer(() => Promise.reject(new Error('no API in this test'))));

describe('the server renderer', () => {
  it("draws a visitor's listing with its answers and sends them along", async () => {
    const asked = api({ '/api/settings/public': { body: settings }, '/api/browse/packages': { body: noPackages } });
    const page = await render('http://localhost/packages?size=S', undefined, { visitor: true });
    expect(asked.filter((url) => url.startsWith('/api/browse/packages?'))).toEqual([expect.stringContaining('size=S')]);
    expect(page?.html).toContain('No open packages match');
    expect(page?.html).not.toContain('Looking for open packages');
    expect(page?.complete).toBe(true);
    expect(page?.withData).toBe(true);
    const sent = page?.hydrationData.queries?.queries.map((q) => q.queryKey[0]);
    expect(sent).toEqual(expect.arrayContaining(['settings', 'browse']));
    // The session is the browser's to seed (signed out, stale), never sent as an answer.
    expect(sent).not.toContain('auth');
  });

  it('sends a listing whose answer is late or failed as loading, for the browser to ask', async () => {
    api({ '/api/settings/public': { body: settings }, '/api/browse/packages': { body: noPackages, delayMs: 2_500 } });
    const late = await render('http://localhost/packages?size=M', undefined, { visitor: true });
    expect(late?.html).toContain('Looking for open packages');
    expect(late?.complete).toBe(false);
    expect(late?.hydrationData.queries?.queries.map((q) => q.queryKey[0])).toEqual(['settings']);

    api({ '/api/settings/public': { body: settings }, '/api/browse/packages': { body: {}, status: 503 } });
    const failed = await render('http://localhost/packages?size=L', undefined, { visitor: true });
    expect(failed?.html).toContain('Looking for open packages');
    expect(failed?.complete).toBe(false);
  }, 10_000);

  it('asks nothing for a page drawn for a member, whose answers are their own', async () => {
    const asked = api({ '/api/settings/public': { body: settings }, '/api/browse/packages': { body: noPackages } });
    const page = await render('http://localhost/packages', undefined, {});
    expect(asked).toEqual([]);
    expect(page?.hydrationData.queries).toBeUndefined();
    expect(page?.withData).toBe(false);
  });
});
