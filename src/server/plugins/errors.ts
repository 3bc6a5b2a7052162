import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { type ApiError, AppError, type ErrorCode, errorCatalog } from '#shared/errors.ts';

/** Every API error leaves the server in one shape, its message the catalog's sentence for the code. */
export function errorBody(code: ErrorCode, extra: Partial<Omit<ApiError['error'], 'code'>> = {}): ApiError {
  return { error: { code, message: errorCatalog[code].message, ...extra } };
}

/** The code of an answer Fastify or a plugin produced with a bare status. */
const codeOfStatus: Record<number, ErrorCode> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'INVALID_ADDRESS',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

function statusToCode(status: number): ErrorCode {
  return codeOfStatus[status] ?? (status >= 500 ? 'INTERNAL' : 'VALIDATION_FAILED');
}

function fieldsFromZodIssues(
  issues: { instancePath?: string; path?: PropertyKey[]; message?: string }[],
  prefix: string,
) {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) {
    const key =
      issue.path && issue.path.length > 0
        ? issue.path.map(String).join('.')
        : (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.') || prefix;
    const list = fields[key] ?? [];
    list.push(issue.message ?? 'Invalid value');
    fields[key] = list;
  }
  return fields;
}

/**
 * PostgreSQL's "invalid byte sequence" (a NUL in text) and "untranslatable character". The shared
 * contract refuses such text first (`text()` in src/shared/text.ts); this only keeps one that slipped
 * past it a client error rather than a 500 (docs/decisions/0035-text-the-database-cannot-store.md).
 */
const UNSTORABLE_TEXT_CODES = new Set(['22021', '22P05']);

function isUnstorableTextError(err: unknown): boolean {
  // Drizzle wraps the driver's error; its code is on the cause.
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && UNSTORABLE_TEXT_CODES.has(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Fastify's router answers some malformed URLs itself, before any route or error handler runs: a
 * path parameter longer than it accepts (414) and bad percent-encoding (400). Passed to Fastify as
 * `frameworkErrors`, this gives those answers the one error shape too. The message is fixed: the
 * router's own repeats the whole URL back.
 */
export function frameworkErrorHandler(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const status = err.statusCode && err.statusCode >= 400 ? err.statusCode : 400;
  const code: ErrorCode = status >= 500 ? 'INTERNAL' : 'INVALID_ADDRESS';
  return reply.code(status).send(errorBody(code, { requestId: req.id }));
}

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => ({
        instancePath: v.instancePath,
        path: (v.params as { issue?: { path?: PropertyKey[] } }).issue?.path,
        message: v.message,
      }));
      return reply.code(400).send(
        errorBody('VALIDATION_FAILED', {
          fields: fieldsFromZodIssues(issues, err.validationContext ?? 'body'),
          requestId: req.id,
        }),
      );
    }
    if (err instanceof AppError) {
      if (err.detail) req.log.info({ code: err.code, detail: err.detail }, 'request refused');
      return reply.code(err.status).send(
        errorBody(err.code, {
          fields: err.fields,
          params: err.params,
          requestId: req.id,
        }),
      );
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err }, 'response did not match its schema');
      return reply.code(500).send(errorBody('INTERNAL', { requestId: req.id }));
    }
    if (isUnstorableTextError(err)) {
      req.log.warn({ err }, 'text the database cannot store reached it');
      return reply.code(400).send(errorBody('UNSTORABLE_TEXT', { requestId: req.id }));
    }
    const status = err.statusCode && err.statusCode >= 400 ? err.statusCode : 500;
    if (status >= 500) {
      req.log.error({ err }, 'unhandled error');
      return reply.code(status).send(errorBody(statusToCode(status), { requestId: req.id }));
    }
    // Fastify's own 4xx (bad JSON, body too large, unsupported media type): what went wrong is logged,
    // the body carries the code.
    req.log.info({ err: err.message, status }, 'request refused by the framework');
    const code = status === 400 ? 'MALFORMED_BODY' : statusToCode(status);
    return reply.code(status).send(errorBody(code, { requestId: req.id }));
  });
});
