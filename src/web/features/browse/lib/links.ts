import { withRedirect } from '#shared/onboarding.ts';

/**
 * Where a card's action leads: straight there for a member, through sign-up for a visitor, with the
 * page kept so that onboarding ends on it (docs/product.md §1.3).
 */
export const throughSignUp = (target: string, signedIn: boolean) =>
  signedIn ? target : withRedirect('/auth/register', target);

/** The package page's "Offer to carry" panel. */
export const offerTarget = (packageId: string) => `/user/packages/${packageId}#offer`;

export const SEND_TARGET = '/user/packages/send-a-package';
