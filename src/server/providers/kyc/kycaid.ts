import { z } from 'zod';
import { parseSignedCallback } from './callback.ts';
import type { KycApplicant, KycProvider } from './kyc-provider.ts';

/**
 * KYCAID could not start a verification: unreachable, slow, refusing our credentials or answering
 * something we cannot use (the service answers 503). Messages name the step, KYCAID's status and its
 * words, never the token: they end up in logs.
 */
export class KycProviderError extends Error {
  /** The provider's HTTP status, or null when it never answered. */
  readonly httpStatus: number | null;
  /**
   * An applicant the provider created before the failure, or null. Worth storing: KYCAID warns that
   * creating a second applicant for the same person breaks the link between their verifications.
   */
  readonly applicantId: string | null;

  constructor(
    message: string,
    details: { httpStatus?: number | null; applicantId?: string | null; cause?: unknown } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'KycProviderError';
    this.httpStatus = details.httpStatus ?? null;
    this.applicantId = details.applicantId ?? null;
  }
}

export interface KycaidOptions {
  apiToken: string;
  /** The hosted form made in the KYCAID dashboard; one form serves every member. */
  formId: string;
  /** https://api.kycaid.com, or a local stand-in in tests. */
  apiUrl: string;
  timeoutMs?: number;
}

// KYCAID's ids are 36 hex characters today; any sane string is accepted so a format change on their
// side does not lock members out of the check.
const kycaidId = z.string().min(1).max(200);

const createdApplicant = z.object({ applicant_id: kycaidId });

const formUrlAnswer = z.object({
  // The browser is sent to this address: a web page, never e.g. a javascript: URL.
  form_url: z.url({ protocol: /^https?$/ }).max(2048),
  verification_id: kycaidId.nullish(),
});

// {"type":"validation","errors":[{"parameter":"first_name","message":"First name is required"}]}
const errorAnswer = z
  .object({
    type: z.string().optional(),
    message: z.string().optional(),
    errors: z.array(z.object({ parameter: z.string().nullish(), message: z.string().nullish() }).loose()).optional(),
  })
  .loose();

// KYCAID's documented pattern for applicant names; it refuses anything else with a 422. Its form reads
// the name from the document anyway, so a name it cannot take is left out rather than transliterated.
const KYCAID_NAME = /^[a-zA-Z ,.'-]{1,64}$/;

function applicantNames(name: string): { first_name?: string; last_name?: string } {
  const words = name.trim().replace(/\s+/g, ' ');
  const cut = words.lastIndexOf(' ');
  const first = cut === -1 ? words : words.slice(0, cut);
  const last = cut === -1 ? '' : words.slice(cut + 1);
  // A last name without a first one is refused ("First name is required").
  if (!KYCAID_NAME.test(first)) return {};
  return KYCAID_NAME.test(last) ? { first_name: first, last_name: last } : { first_name: first };
}

/**
 * KYCAID (https://docs.kycaid.com) with its hosted form: one applicant per member, created on the first
 * attempt and reused on every retry, then a one-time form URL per attempt. The result arrives later as
 * a callback signed with the API token.
 */
export function createKycaidProvider(options: KycaidOptions): KycProvider {
  const apiUrl = options.apiUrl.replace(/\/+$/, '');
  const authorization = `Token ${options.apiToken}`;
  const timeoutMs = options.timeoutMs ?? 10_000;

  // KYCAID's error text is quoted in our logs; should it ever echo the token, it is cut out first.
  const redact = (text: string) => (options.apiToken ? text.replaceAll(options.apiToken, '[redacted]') : text);

  function errorDetail(body: unknown): string {
    const parsed = errorAnswer.safeParse(body);
    if (!parsed.success) return '';
    const { errors, message, type } = parsed.data;
    const messages = (errors ?? [])
      .filter((e) => e.message)
      .map((e) => (e.parameter ? `${e.parameter}: ${e.message}` : `${e.message}`));
    const text = messages.length > 0 ? messages.join('; ') : (message ?? type ?? '');
    return text ? `: ${redact(text).slice(0, 300)}` : '';
  }

  /**
   * One call, its answer read with `schema`. `created`: an applicant made earlier in this attempt,
   * carried by any failure so the retry reuses it.
   */
  async function post<T>(
    path: string,
    payload: Record<string, unknown>,
    schema: z.ZodType<T>,
    action: string,
    created: string | null,
  ): Promise<T> {
    let status: number;
    let text: string;
    try {
      const response = await fetch(`${apiUrl}${path}`, {
        method: 'POST',
        headers: { authorization, accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      const reason =
        error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : 'unreachable';
      throw new KycProviderError(`KYCAID could not ${action}: ${reason}`, { applicantId: created, cause: error });
    }
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      // An HTML error page from a proxy: the status alone says enough.
    }
    if (status < 200 || status > 299) {
      throw new KycProviderError(`KYCAID could not ${action} (HTTP ${status})${errorDetail(body)}`, {
        httpStatus: status,
        applicantId: created,
      });
    }
    const parsed = schema.safeParse(body);
    if (parsed.success) return parsed.data;
    throw new KycProviderError(`KYCAID could not ${action}: unexpected answer (HTTP ${status})`, {
      httpStatus: status,
      applicantId: created,
    });
  }

  async function createApplicant(applicant: KycApplicant): Promise<string> {
    const payload = {
      type: 'PERSON',
      external_applicant_id: applicant.id,
      email: applicant.email,
      ...applicantNames(applicant.name),
    };
    const answer = await post('/applicants', payload, createdApplicant, 'create the applicant', null);
    return answer.applicant_id;
  }

  return {
    kind: 'kycaid',
    async startVerification(applicant, { applicantId: storedApplicantId, redirectUrl }) {
      const applicantId = storedApplicantId ?? (await createApplicant(applicant));
      const created = storedApplicantId === null ? applicantId : null;
      const form = await post(
        `/forms/${encodeURIComponent(options.formId)}/urls`,
        { applicant_id: applicantId, external_applicant_id: applicant.id, redirect_url: redirectUrl },
        formUrlAnswer,
        'get the form URL',
        created,
      );
      return { url: form.form_url, applicantId, verificationId: form.verification_id ?? null };
    },
    parseCallback: (rawBody, headers) => parseSignedCallback(rawBody, headers, options.apiToken),
  };
}
