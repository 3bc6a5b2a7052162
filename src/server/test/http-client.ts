import type { Database } from '#server/db/client.ts';

// A server in another process, reached over real HTTP but shaped like Fastify's `inject`, so the
// helpers that create users through the auth API (users.ts) work on it unchanged. Requests come as
// from the site's own page in a browser: a production server refuses a sign-up without an Origin.

export interface HttpRequest {
  method?: string;
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
}

export interface HttpResponse {
  statusCode: number;
  /** Set-Cookie as name and the raw (still encoded) value, ready to be sent back. */
  cookies: { name: string; value: string }[];
  body: string;
  json(): unknown;
}

export interface HttpClient {
  url: string;
  inject(request: HttpRequest): Promise<HttpResponse>;
  /** The database the server uses, for what a test reads back (the mail outbox). */
  database: { db: Database };
}

export function httpClient(url: string, database: { db: Database }): HttpClient {
  return {
    url,
    database,
    async inject({ method = 'GET', url: target, payload, headers = {} }) {
      const site = new URL(url).origin;
      const res = await fetch(new URL(target, url), {
        method,
        headers: {
          ...(method === 'GET' || method === 'HEAD' ? {} : { origin: site }),
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        body: payload === undefined ? undefined : JSON.stringify(payload),
        // The verification link signs in with its redirect: the cookie is on that answer.
        redirect: 'manual',
      });
      const body = await res.text();
      const cookies = res.headers.getSetCookie().map((header) => {
        const pair = header.split(';', 1)[0] ?? '';
        const eq = pair.indexOf('=');
        return { name: pair.slice(0, eq), value: pair.slice(eq + 1) };
      });
      return { statusCode: res.status, cookies, body, json: () => JSON.parse(body) };
    },
  };
}
