import type { Currency } from '#shared/money.ts';

// The double-entry ledger's movements (docs/product.md §5), as pure functions. A line's amount
// is what the movement adds to that account (negative: takes away); every entry's lines sum to zero,
// so the sum over all accounts is always zero. `sender:<id>` is where a sender's money comes from
// (it only goes down), `refunds` and `payouts` are where money leaves the platform (they only go up);
// `escrow`, `platform_fees` and `traveler:<id>` hold money and never go below zero.

export const accounts = {
  sender: (userId: string) => `sender:${userId}`,
  traveler: (userId: string) => `traveler:${userId}`,
  escrow: 'escrow',
  platformFees: 'platform_fees',
  payouts: 'payouts',
  refunds: 'refunds',
} as const;

/** Accounts that hold money: a movement that would take one below zero is refused. */
export function isHoldingAccount(account: string): boolean {
  return account === accounts.escrow || account === accounts.platformFees || account.startsWith('traveler:');
}

export const entryKinds = [
  'payment_received',
  'completion',
  'refund',
  'refund_minus_fee',
  'dispute_release',
  'dispute_refund',
  'payout',
] as const;
export type EntryKind = (typeof entryKinds)[number];

export interface LedgerLine {
  account: string;
  amount: number;
}

export interface JournalEntryDraft {
  kind: EntryKind;
  currency: Currency;
  lines: LedgerLine[];
  memo: string;
  packageId?: string | null;
  paymentId?: string | null;
  payoutId?: string | null;
  /** The same key twice is one entry: a redelivered webhook cannot post a movement twice. */
  idempotencyKey: string;
}

export class UnbalancedEntryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnbalancedEntryError';
  }
}

/** Whole minor units, at least two lines, nothing zero, and the lines sum to zero. */
export function assertBalanced(entry: Pick<JournalEntryDraft, 'lines'>): void {
  if (entry.lines.length < 2) throw new UnbalancedEntryError('An entry needs at least two lines');
  let sum = 0;
  for (const line of entry.lines) {
    if (!Number.isSafeInteger(line.amount) || line.amount === 0) {
      throw new UnbalancedEntryError(`Line amounts are non-zero whole minor units (got ${line.amount})`);
    }
    sum += line.amount;
  }
  if (sum !== 0) throw new UnbalancedEntryError(`Entry does not balance: lines sum to ${sum}`);
}

const positive = (amount: number, what: string) => {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new UnbalancedEntryError(`${what} must be positive`);
};

interface PaymentRef {
  paymentId: string;
  packageId: string;
  currency: Currency;
}

/** The sender's payment (reward + fee) arrives in escrow. */
export function paymentReceived(p: PaymentRef & { senderId: string; amount: number }): JournalEntryDraft {
  positive(p.amount, 'A payment');
  return {
    kind: 'payment_received',
    currency: p.currency,
    paymentId: p.paymentId,
    packageId: p.packageId,
    memo: 'Payment received into escrow',
    idempotencyKey: `payment:${p.paymentId}:received`,
    lines: [
      { account: accounts.sender(p.senderId), amount: -p.amount },
      { account: accounts.escrow, amount: p.amount },
    ],
  };
}

/** Completion (or a dispute resolved for the traveler): the reward to the traveler, the fee to us. */
export function releaseToTraveler(
  p: PaymentRef & { travelerId: string; reward: number; fee: number; kind?: 'completion' | 'dispute_release' },
): JournalEntryDraft {
  positive(p.reward, 'A reward');
  if (!Number.isSafeInteger(p.fee) || p.fee < 0) throw new UnbalancedEntryError('A fee cannot be negative');
  const kind = p.kind ?? 'completion';
  const lines: LedgerLine[] = [
    { account: accounts.escrow, amount: -(p.reward + p.fee) },
    { account: accounts.traveler(p.travelerId), amount: p.reward },
  ];
  if (p.fee > 0) lines.push({ account: accounts.platformFees, amount: p.fee });
  return {
    kind,
    currency: p.currency,
    paymentId: p.paymentId,
    packageId: p.packageId,
    memo: kind === 'completion' ? 'Delivery completed: reward released' : 'Dispute resolved for the traveler',
    idempotencyKey: `payment:${p.paymentId}:released`,
    lines,
  };
}

/** A refund to the sender out of escrow; `keptFee` stays with the platform (cancelled after a match). */
export function refundToSender(
  p: PaymentRef & {
    amount: number;
    keptFee?: number;
    kind?: 'refund' | 'refund_minus_fee' | 'dispute_refund';
    key: string;
  },
): JournalEntryDraft {
  positive(p.amount, 'A refund');
  const keptFee = p.keptFee ?? 0;
  if (!Number.isSafeInteger(keptFee) || keptFee < 0) throw new UnbalancedEntryError('A kept fee cannot be negative');
  const lines: LedgerLine[] = [
    { account: accounts.escrow, amount: -(p.amount + keptFee) },
    { account: accounts.refunds, amount: p.amount },
  ];
  if (keptFee > 0) lines.push({ account: accounts.platformFees, amount: keptFee });
  const kind = p.kind ?? (keptFee > 0 ? 'refund_minus_fee' : 'refund');
  return {
    kind,
    currency: p.currency,
    paymentId: p.paymentId,
    packageId: p.packageId,
    memo: keptFee > 0 ? 'Refund to the sender, fee kept' : 'Refund to the sender',
    idempotencyKey: `payment:${p.paymentId}:refund:${p.key}`,
    lines,
  };
}

/** A traveler's payout leaves their available balance. */
export function payoutToTraveler(p: {
  payoutId: string;
  travelerId: string;
  amount: number;
  currency: Currency;
}): JournalEntryDraft {
  positive(p.amount, 'A payout');
  return {
    kind: 'payout',
    currency: p.currency,
    payoutId: p.payoutId,
    memo: 'Payout to the traveler',
    idempotencyKey: `payout:${p.payoutId}`,
    lines: [
      { account: accounts.traveler(p.travelerId), amount: -p.amount },
      { account: accounts.payouts, amount: p.amount },
    ],
  };
}
