import { type DataKey, deriveKey, open, seal } from '#server/lib/crypto.ts';
import { type BankDetails, bankDetailsSchema } from '#shared/payouts.ts';

// A payout's bank details are sealed with a key of their own (ADR 0019), bound to the payout's id, so
// a database dump alone reveals no account and a sealed value copied onto another payout won't open.

const LABEL = 'tagalong/payout-bank-details/v1';

export function bankDetailsKey(appSecret: string): DataKey {
  return deriveKey(appSecret, LABEL);
}

export function sealBankDetails(key: DataKey, payoutId: string, details: BankDetails) {
  return {
    sealed: seal(key, JSON.stringify(details), `payout:${payoutId}`),
    last4: details.iban.slice(-4),
  };
}

/** Throws SealedDataError when the key changed or the value was altered. */
export function openBankDetails(key: DataKey, payoutId: string, sealed: string): BankDetails {
  return bankDetailsSchema.parse(JSON.parse(open(key, sealed, `payout:${payoutId}`)));
}
