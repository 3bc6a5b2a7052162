import { FetchError } from 'ofetch';
import { isApiError } from '#shared/errors.ts';

// Better Auth answers its own endpoints with a flat `{ code, message }`; our routes use
// `{ error: { code, message, fields } }`. Both are read here so the forms word errors in one place.
export interface AuthError {
  code: string;
  status: number | undefined;
  fields: Record<string, string[]> | undefined;
}

export function toAuthError(err: unknown): AuthError {
  if (!(err instanceof FetchError)) return { code: 'UNKNOWN', status: undefined, fields: undefined };
  if (!err.response) return { code: 'NETWORK', status: undefined, fields: undefined };
  const status = err.response.status;
  const data: unknown = err.data;
  if (isApiError(data)) return { code: data.error.code, status, fields: data.error.fields };
  if (data && typeof data === 'object' && typeof (data as { code?: unknown }).code === 'string') {
    return { code: (data as { code: string }).code, status, fields: undefined };
  }
  return { code: `HTTP_${status}`, status, fields: undefined };
}

export const NETWORK_MESSAGE = "Can't reach Tagalong. Check your connection.";
const GENERIC_MESSAGE = 'Something went wrong on our side. Please try again in a moment.';

export function signInErrorMessage(error: AuthError): string {
  if (error.code === 'NETWORK') return NETWORK_MESSAGE;
  if (error.status === 401 || error.code === 'INVALID_EMAIL_OR_PASSWORD') return 'Email or password is incorrect';
  return GENERIC_MESSAGE;
}

export type SignUpField = 'name' | 'email' | 'password';

/** A sign-up failure either belongs to one field or to the whole form. */
export function signUpError(error: AuthError): { field: SignUpField | null; message: string } {
  switch (error.code) {
    case 'NETWORK':
      return { field: null, message: NETWORK_MESSAGE };
    case 'USER_ALREADY_EXISTS':
    case 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL':
      return { field: 'email', message: 'An account with this email already exists. Sign in instead.' };
    case 'INVALID_EMAIL':
      return { field: 'email', message: 'Enter a valid email address' };
    case 'PASSWORD_TOO_SHORT':
      return { field: 'password', message: 'Use at least 8 characters' };
    case 'PASSWORD_TOO_LONG':
      return { field: 'password', message: 'Use at most 128 characters' };
  }
  const fieldName = error.fields ? (Object.keys(error.fields)[0] as SignUpField | undefined) : undefined;
  if (fieldName && ['name', 'email', 'password'].includes(fieldName)) {
    return { field: fieldName, message: error.fields?.[fieldName]?.[0] ?? 'Check this field' };
  }
  return { field: null, message: GENERIC_MESSAGE };
}
