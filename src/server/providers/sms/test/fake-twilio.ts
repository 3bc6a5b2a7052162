import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TwilioRequest {
  method: string | undefined;
  path: string | undefined;
  authorization: string | undefined;
  contentType: string | undefined;
  form: Record<string, string>;
}

export interface TwilioReply {
  status: number;
  body: unknown;
}

export interface FakeTwilio {
  /** TWILIO_API_URL for this server. */
  url: string;
  requests: TwilioRequest[];
  /** Replies to give, in order, before going back to the default answers. */
  queued: TwilioReply[];
  close(): Promise<void>;
}

export const FAKE_TWILIO_KEYS = {
  accountSid: `AC${'1'.repeat(32)}`,
  authToken: 'twilio-auth-token-secret',
  verifyServiceSid: `VA${'2'.repeat(32)}`,
} as const;

/**
 * A local stand-in for https://verify.twilio.com on 127.0.0.1 (random port). It records each request
 * and answers like Twilio: 201 "pending" when a verification starts; on a check, 200 "approved" for
 * `approvedCode` and 200 "pending" for any other code.
 */
export async function startFakeTwilio(approvedCode = '123456'): Promise<FakeTwilio> {
  const requests: TwilioRequest[] = [];
  const queued: TwilioReply[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      raw += chunk;
    });
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(raw));
      requests.push({
        method: req.method,
        path: req.url,
        authorization: req.headers.authorization,
        contentType: req.headers['content-type'],
        form,
      });
      const approved = form.Code === approvedCode;
      const reply: TwilioReply =
        queued.shift() ??
        (req.url?.endsWith('/VerificationCheck')
          ? { status: 200, body: { status: approved ? 'approved' : 'pending', valid: approved, to: form.To } }
          : {
              status: 201,
              body: { sid: `VE${'3'.repeat(32)}`, status: 'pending', to: form.To, channel: form.Channel },
            });
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    queued,
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}
