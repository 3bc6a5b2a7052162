import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHttp, onUnauthorized } from './http.ts';

// The retry policy (ADR 0010), checked against a real local server that counts attempts.
let server: Server;
let base: string;
let attempts = 0;
let lastRequest: { method?: string; contentType?: string; body: string } | undefined;
let status = 200;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => resolve(body));
  });
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    attempts++;
    lastRequest = { method: req.method, contentType: req.headers['content-type'], body: await readBody(req) };
    res.statusCode = status;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ ok: status < 400 }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  attempts = 0;
  status = 200;
});

const http = createHttp();

describe('retries', () => {
  it.each([408, 409, 425, 429, 500, 502, 503, 504])('retries a GET once on %i', async (code) => {
    status = code;
    await expect(http(`${base}/x`)).rejects.toThrow();
    expect(attempts).toBe(2);
  });

  it.each(['HEAD', 'OPTIONS'])('retries %s once', async (method) => {
    status = 503;
    await expect(http(`${base}/x`, { method })).rejects.toThrow();
    expect(attempts).toBe(2);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('never retries %s', async (method) => {
    status = 503;
    await expect(http(`${base}/x`, { method, body: {} })).rejects.toThrow();
    expect(attempts).toBe(1);
  });

  it.each([400, 401, 403, 404, 422])('does not retry a GET on %i', async (code) => {
    status = code;
    await expect(http(`${base}/x`)).rejects.toThrow();
    expect(attempts).toBe(1);
  });

  it('does not retry a success', async () => {
    await expect(http(`${base}/x`)).resolves.toEqual({ ok: true });
    expect(attempts).toBe(1);
  });
});

describe('bodies', () => {
  it('sends a plain object as JSON', async () => {
    await http(`${base}/x`, { method: 'POST', body: { a: 1, b: 'two' } });
    expect(lastRequest?.contentType).toMatch(/application\/json/);
    expect(JSON.parse(lastRequest?.body ?? '')).toEqual({ a: 1, b: 'two' });
  });
});

describe('session expiry', () => {
  it('tells listeners about every 401', async () => {
    status = 401;
    let calls = 0;
    const off = onUnauthorized(() => calls++);
    await expect(http(`${base}/x`)).rejects.toThrow();
    off();
    await expect(http(`${base}/x`)).rejects.toThrow();
    expect(calls).toBe(1);
  });
});
