import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SIGNATURE_HEADER, signCallback } from '#server/providers/kyc/callback.ts';

export interface KycaidRequest {
  method: string | undefined;
  path: string | undefined;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body, or the raw text when it was not JSON. */
  body: unknown;
}

export interface FakeKycaid {
  /** KYCAID_API_URL for this server. */
  url: string;
  requests: KycaidRequest[];
  /** The applicants created so far, by applicant_id. */
  applicants: Map<string, Record<string, unknown>>;
  /** Answers the next request with `status` (and `body`, or a KYCAID-like error), whatever it asks. */
  failNext(status: number, body?: unknown): void;
  close(): Promise<void>;
}

export const FAKE_KYCAID_KEYS = {
  apiToken: 'kycaid-api-token-secret-0123456789ab',
  formId: 'f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0',
} as const;

/** KYCAID's ids: 36 lowercase hex characters. */
const kycaidId = () => randomBytes(18).toString('hex');

// Its documented pattern for names (applicants are refused with a 422 otherwise).
const KYCAID_NAME = /^[a-zA-Z ,.'-]{1,64}$/;

function validation(parameter: string, message: string) {
  return { status: 422, body: { type: 'validation', errors: [{ parameter, message }] } };
}

interface Reply {
  status: number;
  body: unknown;
}

/**
 * A local stand-in for https://api.kycaid.com on 127.0.0.1 (random port), answering the two calls the
 * adapter makes in KYCAID's shapes: `POST /applicants` and `POST /forms/{form_id}/urls`. It checks the
 * token, records every request, and remembers applicants so a form URL for an unknown one is refused.
 */
export async function startFakeKycaid(
  keys: { apiToken: string; formId: string } = FAKE_KYCAID_KEYS,
): Promise<FakeKycaid> {
  const requests: KycaidRequest[] = [];
  const applicants = new Map<string, Record<string, unknown>>();
  const failures: Reply[] = [];

  function answer(method: string | undefined, path: string, headers: IncomingHttpHeaders, body: unknown): Reply {
    const failure = failures.shift();
    if (failure) return failure;
    if (headers.authorization !== `Token ${keys.apiToken}`) {
      return { status: 401, body: { type: 'unauthorized', errors: [{ parameter: null, message: 'Unauthorized' }] } };
    }
    if (method !== 'POST') return { status: 404, body: { type: 'not_found', errors: [{ message: 'Not found' }] } };
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      return { status: 400, body: { type: 'validation', errors: [{ message: 'Body must be a JSON object' }] } };
    }
    const fields = body as Record<string, unknown>;

    if (path === '/applicants') {
      if (fields.type !== 'PERSON' && fields.type !== 'COMPANY') {
        return validation('type', 'Type of applicant is not valid');
      }
      for (const name of ['first_name', 'last_name'] as const) {
        const value = fields[name];
        if (value != null && (typeof value !== 'string' || !KYCAID_NAME.test(value))) {
          return validation(name, `${name === 'first_name' ? 'First' : 'Last'} name is not valid`);
        }
      }
      if (fields.last_name != null && fields.first_name == null) {
        return validation('first_name', 'First name is required');
      }
      const external = fields.external_applicant_id;
      if (external != null && (typeof external !== 'string' || external.length > 50)) {
        return validation('external_applicant_id', 'External applicant id is not valid');
      }
      const applicantId = kycaidId();
      applicants.set(applicantId, fields);
      return { status: 200, body: { applicant_id: applicantId } };
    }

    const form = /^\/forms\/([^/]+)\/urls$/.exec(path);
    if (form) {
      if (decodeURIComponent(form[1] ?? '') !== keys.formId) {
        return {
          status: 404,
          body: { type: 'not_found', errors: [{ parameter: 'form_id', message: 'Form not found' }] },
        };
      }
      if (fields.applicant_id != null && !applicants.has(String(fields.applicant_id))) {
        return validation('applicant_id', 'Applicant not found');
      }
      const formToken = kycaidId();
      return {
        status: 200,
        body: {
          form_id: keys.formId,
          form_url: `https://forms.kycaid.com/${formToken}`,
          verification_id: kycaidId(),
          form_token: formToken,
          verification_attempts_left: null,
        },
      };
    }
    return { status: 404, body: { type: 'not_found', errors: [{ message: 'Not found' }] } };
  }

  const server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      raw += chunk;
    });
    req.on('end', () => {
      let body: unknown = raw;
      try {
        body = JSON.parse(raw);
      } catch {
        // Kept as text: the adapter is expected to send JSON, and a test can see that it did not.
      }
      const path = req.url ?? '';
      requests.push({ method: req.method, path, headers: req.headers, body });
      const reply = answer(req.method, path, req.headers, body);
      res.writeHead(reply.status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    applicants,
    failNext(status, body) {
      failures.push({
        status,
        body: body ?? { type: 'error', errors: [{ parameter: null, message: `Fake failure ${status}` }] },
      });
    },
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}

/** A callback body as KYCAID sends it, with the `x-data-integrity` header signed with `apiToken`. */
export function signedCallback(
  payload: unknown,
  apiToken: string,
): { body: string; headers: { 'content-type': string; [SIGNATURE_HEADER]: string } } {
  const body = JSON.stringify(payload);
  return { body, headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signCallback(body, apiToken) } };
}
