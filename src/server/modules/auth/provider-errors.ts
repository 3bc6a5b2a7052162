import type { ApiError } from '#shared/errors.ts';

// Better Auth answers errors as `{ code, message }`; the API speaks one error shape everywhere
// (`{ error: { code, message, fields? } }`), so its answers are translated on the way out.

const FIELD_ISSUE = /\[body\.([\w.]+)\]\s*([^;]+)/g;

export function translateProviderError(body: unknown, requestId: string): ApiError | null {
  if (!body || typeof body !== 'object' || 'error' in body) return null;
  const { code, message } = body as { code?: unknown; message?: unknown };
  if (typeof message !== 'string') return null;
  if (code === 'VALIDATION_ERROR') {
    const fields: Record<string, string[]> = {};
    for (const [, field, issue] of message.matchAll(FIELD_ISSUE)) {
      if (!field || !issue) continue;
      const list = fields[field] ?? [];
      list.push(issue.trim());
      fields[field] = list;
    }
    return { error: { code: 'VALIDATION_FAILED', message: 'Some fields are not valid.', fields, requestId } };
  }
  return { error: { code: typeof code === 'string' && code ? code : 'AUTH_ERROR', message, requestId } };
}
