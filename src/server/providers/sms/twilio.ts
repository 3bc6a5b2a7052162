import type { PhoneCodeSender } from './sms.ts';

export interface TwilioVerifyOptions {
  accountSid: string;
  authToken: string;
  verifyServiceSid: string;
  /** https://verify.twilio.com, or a local stand-in in tests. */
  apiUrl: string;
  timeoutMs?: number;
}

interface TwilioAnswer {
  status: number;
  body: { status?: unknown; code?: unknown; message?: unknown };
}

/** Twilio's codes are 4–10 digits; anything else cannot match, so it is not worth a request (or a 400). */
const POSSIBLE_CODE = /^\d{4,10}$/;

/**
 * Twilio Verify (https://www.twilio.com/docs/verify/api): Twilio makes the code, texts it in its own
 * template and checks it, enforcing its own expiry (10 minutes) and attempts (5 checks) per verification.
 */
export function createTwilioVerifySender(options: TwilioVerifyOptions): PhoneCodeSender {
  const serviceUrl = `${options.apiUrl.replace(/\/+$/, '')}/v2/Services/${encodeURIComponent(options.verifyServiceSid)}`;
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  const timeoutMs = options.timeoutMs ?? 10_000;

  // Messages name the step, the HTTP status and Twilio's error code, never the URL or credentials.
  async function post(path: string, form: Record<string, string>, action: string): Promise<TwilioAnswer> {
    let response: Response;
    try {
      response = await fetch(`${serviceUrl}/${path}`, {
        method: 'POST',
        headers: {
          authorization,
          accept: 'application/json',
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams(form),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const reason =
        error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : 'unreachable';
      throw new Error(`Twilio Verify could not ${action}: ${reason}`, { cause: error });
    }
    const body = (await response.json().catch(() => ({}))) as TwilioAnswer['body'];
    return { status: response.status, body };
  }

  function failure(action: string, answer: TwilioAnswer): Error {
    const twilioError = typeof answer.body.code === 'number' ? `, Twilio error ${answer.body.code}` : '';
    const detail = typeof answer.body.message === 'string' ? `: ${answer.body.message}` : '';
    return new Error(`Twilio Verify could not ${action} (HTTP ${answer.status}${twilioError})${detail}`);
  }

  return {
    kind: 'twilio',
    async sendCode(phoneNumber) {
      const answer = await post('Verifications', { To: phoneNumber, Channel: 'sms' }, 'send a code');
      if (answer.status !== 200 && answer.status !== 201) throw failure('send a code', answer);
    },
    async checkCode(phoneNumber, code) {
      if (!POSSIBLE_CODE.test(code)) return false;
      const answer = await post('VerificationCheck', { To: phoneNumber, Code: code }, 'check a code');
      if (answer.status === 200) return answer.body.status === 'approved';
      // 404: no pending verification (expired, already approved, never sent); 429 with 60202: five
      // wrong checks. Both are a code that can no longer pass, not a provider failure.
      if (answer.status === 404 || (answer.status === 429 && answer.body.code === 60202)) return false;
      throw failure('check a code', answer);
    },
  };
}
