import { FetchError } from 'ofetch';
import { describe, expect, it } from 'vitest';
import { describeRouteError } from './error-page.tsx';

function failedRequest(status: number, body: unknown): FetchError {
  const err = new FetchError('[GET] "/api/packages/1": 404 Not Found');
  Object.assign(err, { response: new Response(null, { status }), data: body });
  return err;
}

describe('describeRouteError', () => {
  it('words a failed API request through the error table, not the server or ofetch sentence', () => {
    const view = describeRouteError(
      failedRequest(404, { error: { code: 'NOT_FOUND', message: 'No such endpoint: GET /api/x' } }),
    );
    expect(view.status).toBe(404);
    expect(view.title).toBe('Page Not Found');
    expect(view.message).not.toMatch(/No such endpoint|\/api\//);
  });

  it('says the connection is down when a request got no answer', () => {
    expect(describeRouteError(new FetchError('fetch failed')).message).toMatch(/can't reach tagalong/i);
  });

  it('keeps a page error’s own message', () => {
    expect(describeRouteError(new Error('Chunk failed to load'))).toMatchObject({
      status: 500,
      message: 'Chunk failed to load',
    });
  });
});
