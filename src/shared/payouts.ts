import { z } from 'zod';
import { currencySchema, DEFAULT_CURRENCY, minorAmountSchema } from './money.ts';
import { text } from './text.ts';

// Payouts (docs/product.md §5): a traveler asks for some of their available balance to be sent
// to a bank account, or, where Stripe is configured, to their Stripe Connect account; an
// administrator sends it and marks it sent (for a Stripe account, marking it sent makes the transfer).
// The bank details are stored encrypted and only their last 4 characters are ever shown again
// (ADR 0019, ADR 0026).

export const payoutStatuses = ['requested', 'sent'] as const;
export type PayoutStatus = (typeof payoutStatuses)[number];
export const payoutStatusLabel: Record<PayoutStatus, string> = { requested: 'Requested', sent: 'Sent' };

/** Where a payout goes: a bank account (sent by hand), or a Stripe Connect account (a Stripe transfer). */
export const payoutMethods = ['bank', 'stripe_connect'] as const;
export type PayoutMethod = (typeof payoutMethods)[number];
export const payoutMethodLabel: Record<PayoutMethod, string> = {
  bank: 'Bank account',
  stripe_connect: 'Stripe account',
};

export const PAYOUT_LIMITS = {
  /** The smallest payout, in minor units: a bank transfer of a few cents costs more than it moves. */
  minimum: 100,
  accountHolderMin: 2,
  accountHolder: 100,
  note: 500,
  reference: 100,
  /** Stripe's ids are far shorter; this only keeps junk out of the database. */
  stripeAccountId: 64,
  pageSize: 20,
  pageSizeMax: 50,
} as const;

const iso = z.string().meta({ description: 'ISO 8601 date-time' });

/** "DE89 3704 0044 0532 0130 00" → "DE89370400440532013000". */
export function normalizeIban(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase();
}

/**
 * ISO 13616's check: move the first four characters to the end, read letters as 10–35, and the
 * whole number mod 97 is 1. Catches every single typo and almost every swap of two characters.
 */
export function ibanChecksumValid(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const moved = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const code = ch.charCodeAt(0);
    const value = code >= 65 ? code - 55 : code - 48;
    // Letters are two digits, so the running remainder takes one or two steps per character.
    rest = value >= 10 ? (rest * 100 + value) % 97 : (rest * 10 + value) % 97;
  }
  return rest === 1;
}

export const ibanSchema = text('Enter your IBAN')
  .transform(normalizeIban)
  .pipe(
    z
      .string()
      // One message per IBAN: the first check that fails says what is wrong.
      .min(1, { error: 'Enter your IBAN', abort: true })
      .regex(/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/, {
        error: 'An IBAN starts with a country code and 2 digits, e.g. DE89 3704 …',
        abort: true,
      })
      .refine(ibanChecksumValid, 'This IBAN is not valid: check it for a typo'),
  );

export const bankDetailsSchema = z
  .object({
    accountHolder: text('Enter the account holder’s name')
      .trim()
      .min(PAYOUT_LIMITS.accountHolderMin, 'Enter the account holder’s name')
      .max(PAYOUT_LIMITS.accountHolder, `Use at most ${PAYOUT_LIMITS.accountHolder} characters`),
    iban: ibanSchema,
  })
  .meta({ id: 'BankDetails' });
export type BankDetails = z.infer<typeof bankDetailsSchema>;

/**
 * A Stripe Connect account id as Stripe writes it: `acct_` and letters and digits (acct_1032D82eZvKYlo2C).
 * Only its shape is checked here; whether it is connected to our platform is for Stripe to say at the
 * transfer (ADR 0026).
 */
export const stripeAccountIdSchema = text('Enter your Stripe account id')
  .trim()
  .min(1, { error: 'Enter your Stripe account id', abort: true })
  .max(PAYOUT_LIMITS.stripeAccountId, {
    error: `A Stripe account id has at most ${PAYOUT_LIMITS.stripeAccountId} characters`,
    abort: true,
  })
  .regex(
    /^acct_[A-Za-z0-9]+$/,
    'A Stripe account id starts with acct_ and then letters and digits, e.g. acct_1032D82eZvKYlo2C',
  );

const payoutAmountSchema = minorAmountSchema.min(
  PAYOUT_LIMITS.minimum,
  `A payout is at least ${(PAYOUT_LIMITS.minimum / 100).toFixed(2)}`,
);

/**
 * By `method`: to a bank account (the default, so a request without a method is a bank payout, as
 * before Stripe Connect), or to a Stripe Connect account, which the server takes only when Stripe is
 * configured (`payoutMethods` in /api/meta).
 */
export const payoutRequestSchema = z
  .discriminatedUnion(
    'method',
    [
      z.object({
        method: z.literal('bank').default('bank'),
        amount: payoutAmountSchema,
        currency: currencySchema.default(DEFAULT_CURRENCY),
        bankDetails: bankDetailsSchema,
      }),
      z.object({
        method: z.literal('stripe_connect'),
        amount: payoutAmountSchema,
        currency: currencySchema.default(DEFAULT_CURRENCY),
        stripeAccountId: stripeAccountIdSchema,
      }),
    ],
    { error: 'Choose bank or stripe_connect' },
  )
  .meta({ id: 'PayoutRequest' });
export type PayoutRequest = z.input<typeof payoutRequestSchema>;

/**
 * A payout as its traveler sees it: a bank account only by its last 4 characters, a Stripe account by
 * its id (not a secret: nobody but our platform can send money to it with it).
 */
export const payoutSchema = z
  .object({
    id: z.string(),
    amount: z.number().int(),
    currency: currencySchema,
    status: z.enum(payoutStatuses),
    method: z.enum(payoutMethods),
    bankLast4: z.string().nullable(),
    stripeAccountId: z.string().nullable(),
    createdAt: iso,
    sentAt: iso.nullable(),
  })
  .meta({ id: 'Payout' });
export type Payout = z.infer<typeof payoutSchema>;

export const payoutListQuerySchema = z.object({
  cursor: text().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(PAYOUT_LIMITS.pageSizeMax).default(PAYOUT_LIMITS.pageSize),
});
export type PayoutListQuery = z.infer<typeof payoutListQuerySchema>;

export const payoutPageSchema = z
  .object({ items: z.array(payoutSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'PayoutPage' });
export type PayoutPage = z.infer<typeof payoutPageSchema>;

// The back office (docs/product.md §8): payouts to send, and marking one sent.

const memberRefSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });

export const adminPayoutSchema = payoutSchema
  .extend({
    traveler: memberRefSchema,
    /**
     * The transfer's reference: for a bank payout the one the admin gave when marking it sent, for a
     * Stripe account the Stripe transfer's id (`tr_…`).
     */
    reference: z.string().nullable(),
    sentBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  })
  .meta({ id: 'AdminPayout' });
export type AdminPayout = z.infer<typeof adminPayoutSchema>;

export const adminPayoutListQuerySchema = payoutListQuerySchema.extend({
  status: z.enum(payoutStatuses, 'Choose requested or sent').optional(),
});
export type AdminPayoutListQuery = z.infer<typeof adminPayoutListQuerySchema>;

/** The payouts' CSV export: every payout of a status (or all), newest first. */
export const adminPayoutExportQuerySchema = z.object({
  status: z.enum(payoutStatuses, 'Choose requested or sent').optional(),
});

export const adminPayoutPageSchema = z
  .object({ items: z.array(adminPayoutSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'AdminPayoutPage' });
export type AdminPayoutPage = z.infer<typeof adminPayoutPageSchema>;

export const payoutParamsSchema = z.object({ id: z.uuid('This is not a payout id') });

export const markPayoutSentSchema = z
  .object({
    note: text().trim().max(PAYOUT_LIMITS.note, `Keep the note under ${PAYOUT_LIMITS.note} characters`).optional(),
    /** The bank transfer's reference. Not used for a Stripe account: the Stripe transfer's id is its reference. */
    reference: text()
      .trim()
      .max(PAYOUT_LIMITS.reference, `Keep the reference under ${PAYOUT_LIMITS.reference} characters`)
      .optional(),
  })
  .meta({ id: 'MarkPayoutSent' });
export type MarkPayoutSent = z.infer<typeof markPayoutSentSchema>;

/** The full bank details of one payout, for the admin who sends it (each read is in the audit log). */
export const adminPayoutBankDetailsSchema = z
  .object({ payoutId: z.string(), accountHolder: z.string(), iban: z.string() })
  .meta({ id: 'AdminPayoutBankDetails' });
export type AdminPayoutBankDetails = z.infer<typeof adminPayoutBankDetailsSchema>;
