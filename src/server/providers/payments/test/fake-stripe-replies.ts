import { randomBytes } from 'node:crypto';

// What the fake Stripe answers, in Stripe's shapes: its ids and its error bodies.

export interface Reply {
  status: number;
  body: unknown;
}

export const stripeId = (prefix: string) =>
  `${prefix}_test_${randomBytes(18).toString('base64url').replace(/[-_]/g, 'x')}`;
export const now = () => Math.floor(Date.now() / 1000);

export function stripeError(status: number, type: string, message: string, extra: Record<string, unknown> = {}): Reply {
  return { status, body: { error: { type, message, ...extra } } };
}

export const missingParam = (param: string) =>
  stripeError(400, 'invalid_request_error', `Missing required param: ${param}.`, { code: 'parameter_missing', param });

export const invalidInteger = (param: string) =>
  stripeError(400, 'invalid_request_error', `Invalid integer: ${param}`, { code: 'parameter_invalid_integer', param });
