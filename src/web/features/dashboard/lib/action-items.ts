import type { PackageRequest } from '#shared/requests.ts';

// "What needs my action now" on the dashboard, worked out from my requests: the pending
// ones whose proposal waits for me (received, or countered back to me) are answers I owe, an agreed
// one whose difference I pay is a payment I owe (docs/product.md §4.5); an accepted one is a package I send or carry, and its package's
// status says whose move it is (docs/product.md §2). A traveler who withdraws leaves the request withdrawn,
// so accepted requests are exactly my current and past matches.

export type ActionKind =
  | 'answer_request'
  | 'pay_difference'
  | 'show_pickup_code'
  | 'share_delivery_code'
  | 'enter_pickup_code'
  | 'enter_delivery_code'
  | 'confirm_delivery'
  | 'write_review';

export interface ActionItem {
  kind: ActionKind;
  /** Unique on the list: one move per request and kind. */
  key: string;
  packageId: string;
  packageTitle: string;
  counterpart: PackageRequest['counterpart'];
  /** Where the move is made. */
  href: string;
}

/** Most urgent first: an answer keeps someone waiting, then the handovers in their order, then reviews. */
const order: ActionKind[] = [
  'answer_request',
  'pay_difference',
  'show_pickup_code',
  'enter_pickup_code',
  'share_delivery_code',
  'enter_delivery_code',
  'confirm_delivery',
  'write_review',
];

/** The move an accepted request's package is waiting for from me, if any (a review is decided apart). */
export function matchMove(request: PackageRequest): ActionKind | null {
  if (request.status !== 'accepted') return null;
  const sender = request.myRole === 'sender';
  switch (request.package.status) {
    case 'matched':
      return sender ? 'show_pickup_code' : 'enter_pickup_code';
    case 'in_transit':
      return sender ? 'share_delivery_code' : 'enter_delivery_code';
    case 'delivered':
      return sender ? 'confirm_delivery' : null;
    default:
      return null;
  }
}

/**
 * The list, from my open requests (pending or agreed, both directions), my accepted requests (both
 * directions), and the completed packages I may still review (by package id).
 */
export function actionItems(
  open: PackageRequest[],
  accepted: PackageRequest[],
  reviewable: ReadonlySet<string>,
): ActionItem[] {
  const items: ActionItem[] = [];
  const item = (kind: ActionKind, request: PackageRequest, href: string): ActionItem => ({
    kind,
    key: `${kind}:${request.id}`,
    packageId: request.package.id,
    packageTitle: request.package.title,
    counterpart: request.counterpart,
    href,
  });
  for (const request of open) {
    const href = `/user/packages/requests?tab=${request.direction}`;
    if (request.status === 'pending' && request.actions.includes('accept')) {
      items.push(item('answer_request', request, href));
    }
    if (request.status === 'agreed' && request.actions.includes('pay_difference')) {
      items.push(item('pay_difference', request, href));
    }
  }
  const seen = new Set<string>();
  for (const request of accepted) {
    // Both directions may list one package's match once each; it needs one move.
    if (seen.has(request.package.id)) continue;
    seen.add(request.package.id);
    const move = matchMove(request);
    const href = `/user/packages/${request.package.id}`;
    if (move) items.push(item(move, request, href));
    else if (request.package.status === 'completed' && reviewable.has(request.package.id)) {
      items.push(item('write_review', request, href));
    }
  }
  return items.sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
}

/** The completed packages whose review state is worth asking about (newest first, a few). */
export function completedPackageIds(accepted: PackageRequest[], max: number): string[] {
  const ids: string[] = [];
  for (const request of accepted) {
    if (request.status !== 'accepted' || request.package.status !== 'completed') continue;
    if (!ids.includes(request.package.id)) ids.push(request.package.id);
    if (ids.length === max) break;
  }
  return ids;
}

const moving = new Set(['matched', 'in_transit', 'delivered', 'disputed']);

/** My matches still under way (as sender or traveler), one per package, most recently changed first. */
export function inProgress(accepted: PackageRequest[]): PackageRequest[] {
  const seen = new Set<string>();
  return accepted.filter((request) => {
    if (request.status !== 'accepted' || !moving.has(request.package.status) || seen.has(request.package.id)) {
      return false;
    }
    seen.add(request.package.id);
    return true;
  });
}
