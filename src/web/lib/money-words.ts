import type { PackageStatus } from '#shared/package-status.ts';

// Every sentence about a package's money, from the package's status and who reads it
// (docs/product.md §5): what the total is called, and where the money is now. The package page, the
// payment summary and the payment's return page all say it from here, so none says "held until
// delivery" of a completed package, or "you pay" to the traveler.

/** Who is reading: the package's sender, its traveler, or anyone else (an admin, a traveler browsing). */
export type MoneyReader = 'sender' | 'traveler' | 'other';

export function readerOf(pkg: { sender: { id: string }; traveler?: { id: string } | null }, me: string | undefined) {
  if (me && pkg.sender.id === me) return 'sender';
  if (me && pkg.traveler?.id === me) return 'traveler';
  return 'other';
}

/** The total line of the breakdown: what the sender pays (or paid) for the package. */
export function totalLabel(status: PackageStatus, reader: MoneyReader): string {
  if (reader !== 'sender') return 'The sender pays';
  return status === 'draft' ? 'You pay' : 'You paid';
}

/** Where the money is now, in one sentence, or null when there is nothing to say (an unpaid draft). */
export function moneyNow(status: PackageStatus, reader: MoneyReader): string | null {
  const sender = reader === 'sender';
  switch (status) {
    case 'draft':
      return sender ? 'Paying publishes your package; we then hold the money until the package is delivered.' : null;
    case 'open':
      return sender
        ? 'We hold it until the package is delivered. Cancel before a traveler is matched and all of it comes back.'
        : 'The sender has paid; we hold the reward until the package is delivered.';
    case 'matched':
    case 'in_transit':
      return reader === 'traveler'
        ? 'We hold your reward until the package is delivered.'
        : 'We hold it until the package is delivered.';
    case 'delivered':
      return reader === 'traveler'
        ? 'Delivered: your reward is released when the delivery completes, unless a dispute is opened.'
        : 'Delivered: the reward is released to the traveler when the delivery completes, unless a dispute is opened.';
    case 'disputed':
      return 'It stays held while an administrator looks into the dispute.';
    case 'completed':
      return reader === 'traveler'
        ? 'Completed: your reward was released to your balance.'
        : 'Completed: the reward was released to the traveler.';
    case 'cancelled':
    case 'expired':
    case 'refunded':
      // What came back is the payment's own line (a refund, in full or less the fee).
      return null;
  }
}
