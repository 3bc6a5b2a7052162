// Statuses exactly as docs/product.md §2 writes them.
export const packageStatuses = [
  'draft',
  'open',
  'matched',
  'in_transit',
  'delivered',
  'completed',
  'cancelled',
  'expired',
  'disputed',
  'refunded',
] as const;
export type PackageStatus = (typeof packageStatuses)[number];

export const packageStatusLabel: Record<PackageStatus, string> = {
  draft: 'Draft',
  open: 'Open',
  matched: 'Matched',
  in_transit: 'In transit',
  delivered: 'Delivered',
  completed: 'Completed',
  cancelled: 'Cancelled',
  expired: 'Expired',
  disputed: 'Disputed',
  refunded: 'Refunded',
};
