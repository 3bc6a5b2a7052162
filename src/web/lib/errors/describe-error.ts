import { FetchError } from 'ofetch';
import { type ErrorParams, isApiError } from '#shared/errors.ts';
import type { ErrorView, ErrorWords } from './types.ts';
import { SESSION_ENDED, TRY_AGAIN_LATER } from './words/common.ts';
import { errorWords } from './words.ts';

export const NETWORK_MESSAGE = "Can't reach Tagalong. Check your connection.";
const NOT_DONE = "This couldn't be done. Reload the page and try again.";

/**
 * A failed request that did not go through ofetch (an upload sent with XMLHttpRequest to report
 * progress). `status` is undefined when no answer came back.
 */
export class HttpFailure extends Error {
  readonly status: number | undefined;
  readonly body: unknown;
  readonly requestId: string | undefined;
  constructor(status: number | undefined, body: unknown, requestId?: string) {
    super(status === undefined ? 'no answer' : `HTTP ${status}`);
    this.name = 'HttpFailure';
    this.status = status;
    this.body = body;
    this.requestId = requestId;
  }
}

/** What came back, read the same way whichever client sent the request. */
interface Answer {
  /** Undefined when no answer came back (offline, server unreachable). */
  status: number | undefined;
  code: string | undefined;
  fields: Record<string, string[]> | undefined;
  params: ErrorParams | undefined;
  requestId: string | undefined;
}

function readAnswer(err: unknown): Answer | null {
  let status: number | undefined;
  let body: unknown;
  let headerId: string | undefined;
  if (err instanceof FetchError) {
    status = err.response?.status;
    body = err.data;
    headerId = err.response?.headers.get('x-request-id') ?? undefined;
  } else if (err instanceof HttpFailure) {
    status = err.status;
    body = err.body;
    headerId = err.requestId;
  } else return null;
  if (!isApiError(body)) {
    return { status, code: undefined, fields: undefined, params: undefined, requestId: headerId };
  }
  const { code, fields, params, requestId } = body.error;
  return { status, code, fields, params, requestId: requestId ?? headerId };
}

/** The answer's HTTP status; undefined when none came back or the error is not a request's. */
export function errorStatus(err: unknown): number | undefined {
  return readAnswer(err)?.status;
}

/** The answer's catalog code, if it carried one. */
export function errorCode(err: unknown): string | undefined {
  return readAnswer(err)?.code;
}

/** The answer's parameters (what the message names: a status, a date), empty when it carried none. */
export function errorParams(err: unknown): ErrorParams {
  return readAnswer(err)?.params ?? {};
}

/** Every field error of a 400, first message per field, keyed by the field's path ("pickup.lat"). */
export function fieldErrors(err: unknown): Record<string, string> {
  const fields = readAnswer(err)?.fields ?? {};
  return Object.fromEntries(
    Object.entries(fields)
      .filter(([, messages]) => messages[0])
      .map(([field, messages]) => [field, messages[0] as string]),
  );
}

function reference(requestId: string | undefined): string | null {
  return requestId ? requestId.slice(0, 8).toUpperCase() : null;
}

function plain(code: string, message: string, more: Partial<ErrorView> = {}): ErrorView {
  return { code, message, field: null, actions: [], reference: null, params: {}, ...more };
}

function view(code: string, words: ErrorWords, params: ErrorParams): ErrorView {
  if (typeof words === 'string') return plain(code, words, { params });
  const message = typeof words.message === 'function' ? words.message(params) : words.message;
  return plain(code, message, { field: words.field ?? null, actions: words.actions ?? [], params });
}

function unexpected(code: string, requestId: string | undefined): ErrorView {
  const ref = reference(requestId);
  const message = ref ? `${TRY_AGAIN_LATER} (reference ${ref})` : TRY_AGAIN_LATER;
  return plain(code, message, { reference: ref });
}

/** The words for a code that did not come from a request (a link's `?error=`, a socket refusal). */
export function describeCode(code: string, params: ErrorParams = {}): ErrorView {
  const words = Object.hasOwn(errorWords, code) ? errorWords[code as keyof typeof errorWords] : undefined;
  return words ? view(code, words, params) : plain(code, NOT_DONE);
}

/**
 * The member's words for any failure: from the answer's code through the one table, never the
 * server's own sentence. A field error keeps the shared contract's message beside its field.
 */
export function describeError(err: unknown): ErrorView {
  const answer = readAnswer(err);
  if (!answer) return unexpected('UNKNOWN', undefined);
  const { status, code, fields, params, requestId } = answer;
  if (status === undefined) return plain('NETWORK', NETWORK_MESSAGE);
  if (code === 'VALIDATION_FAILED') {
    const [field, messages] = Object.entries(fields ?? {})[0] ?? [];
    if (field && messages?.[0]) return plain(code, messages[0], { field });
  }
  if (status >= 500 && (code === undefined || code === 'INTERNAL' || code === 'SERVICE_UNAVAILABLE')) {
    return code === 'SERVICE_UNAVAILABLE' ? describeCode(code) : unexpected(code ?? `HTTP_${status}`, requestId);
  }
  if (code !== undefined && Object.hasOwn(errorWords, code)) {
    return view(code, errorWords[code as keyof typeof errorWords], params ?? {});
  }
  // A code this build does not know (the server is newer) or an answer with no code (a proxy's page).
  if (status === 401) return plain(code ?? 'UNAUTHENTICATED', SESSION_ENDED);
  if (status === 429) return describeCode('RATE_LIMITED');
  if (status >= 500) return unexpected(code ?? `HTTP_${status}`, requestId);
  return plain(code ?? `HTTP_${status}`, NOT_DONE);
}

/** Shorthand for screens that show one sentence. */
export function errorMessage(err: unknown): string {
  return describeError(err).message;
}
