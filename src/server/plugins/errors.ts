import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { type ApiError, AppError, type ErrorCode, errorStatus } from '#shared/errors.ts';

/** Every API error leaves the server in one shape; this is the only place codes become statuses. */
export function errorBody(code: ErrorCode | string, message: string, extra: Partial<ApiError['error']> = {}): ApiError {
  return { error: { code, message, ...extra } };
}

function statusToCode(status: number): ErrorCode {
  const found = (Object.entries(errorStatus) as [ErrorCode, number][]).find(([, s]) => s === status);
  if (found) return found[0];
  return status >= 500 ? 'INTERNAL' : 'VALIDATION_FAILED';
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
  const message = status >= 500 ? 'Something went wrong on our side.' : 'This address is not valid.';
  return reply.code(status).send(errorBody(statusToCode(status), message, { requestId: req.id }));
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
        errorBody('VALIDATION_FAILED', 'Some fields are not valid.', {
          fields: fieldsFromZodIssues(issues, err.validationContext ?? 'body'),
          requestId: req.id,
        }),
      );
    }
    if (err instanceof AppError) {
      return reply
        .code(errorStatus[err.code])
        .send(errorBody(err.code, err.message, { fields: err.fields, requestId: req.id }));
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err }, 'response did not match its schema');
      return reply.code(500).send(errorBody('INTERNAL', 'Something went wrong on our side.', { requestId: req.id }));
    }
    if (isUnstorableTextError(err)) {
      req.log.warn({ err }, 'text the database cannot store reached it');
      return reply
        .code(400)
        .send(
          errorBody('VALIDATION_FAILED', 'Some text holds characters that cannot be stored.', { requestId: req.id }),
        );
    }
    const status = err.statusCode && err.statusCode >= 400 ? err.statusCode : 500;
    if (status >= 500) {
      req.log.error({ err }, 'unhandled error');
      return reply
        .code(status)
        .send(errorBody(statusToCode(status), 'Something went wrong on our side.', { requestId: req.id }));
    }
    // Fastify's own 4xx (bad JSON, body too large, unsupported media type) keep their message.
    return reply.code(status).send(errorBody(statusToCode(status), err.message, { requestId: req.id }));
  });
});
