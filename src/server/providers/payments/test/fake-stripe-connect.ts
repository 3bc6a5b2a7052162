import { randomBytes } from 'node:crypto';
import { invalidInteger, missingParam, now, type Reply, stripeError, stripeId } from './fake-stripe-replies.ts';

// The fake Stripe's Connect side (https://docs.stripe.com/api/transfers/create): accounts connected to
// our platform, and transfers from the platform's balance to one of them.

export interface FakeConnect {
  /** Connected accounts, by id; a transfer to any other account is refused, as Stripe does. */
  accounts: Set<string>;
  /** Transfers made so far, by id. */
  transfers: Map<string, Record<string, unknown>>;
  /** Connects a new account to the platform and returns its `acct_…` (letters and digits, as Stripe's). */
  connectAccount(): string;
  createTransfer(body: Record<string, unknown>): Reply;
}

export function createFakeConnect(): FakeConnect {
  const accounts = new Set<string>();
  const transfers = new Map<string, Record<string, unknown>>();
  return {
    accounts,
    transfers,
    connectAccount() {
      const id = `acct_1${randomBytes(12).toString('base64url').replace(/[-_]/g, 'X')}`;
      accounts.add(id);
      return id;
    },
    createTransfer(body) {
      if (body.amount === undefined) return missingParam('amount');
      const amount = Number(body.amount);
      if (!Number.isSafeInteger(amount) || amount < 1) return invalidInteger('amount');
      const currency = String(body.currency ?? '');
      if (!currency) return missingParam('currency');
      if (!/^[a-z]{3}$/.test(currency)) {
        return stripeError(400, 'invalid_request_error', `Invalid currency: ${currency}.`, { param: 'currency' });
      }
      const destination = body.destination;
      if (typeof destination !== 'string') return missingParam('destination');
      if (!accounts.has(destination)) {
        return stripeError(400, 'invalid_request_error', `No such destination: '${destination}'`, {
          code: 'resource_missing',
          param: 'destination',
        });
      }
      const transfer = {
        id: stripeId('tr'),
        object: 'transfer',
        amount,
        amount_reversed: 0,
        currency,
        destination,
        destination_payment: stripeId('py'),
        metadata: body.metadata ?? {},
        reversed: false,
        transfer_group: body.transfer_group ?? null,
        livemode: false,
        created: now(),
      };
      transfers.set(transfer.id, transfer);
      return { status: 200, body: transfer };
    },
  };
}
