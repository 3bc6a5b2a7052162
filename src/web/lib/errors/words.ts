import type { ErrorCode } from '#shared/errors.ts';
import type { ErrorWords } from './types.ts';
import { accountWords } from './words/account.ts';
import { chatWords } from './words/chat.ts';
import { commonWords } from './words/common.ts';
import { kycWords } from './words/kyc.ts';
import { lifecycleWords } from './words/lifecycle.ts';
import { matchingWords } from './words/matching.ts';
import { membersWords } from './words/members.ts';
import { notificationsWords } from './words/notifications.ts';
import { packagesWords } from './words/packages.ts';
import { paymentsWords } from './words/payments.ts';
import { payoutsWords } from './words/payouts.ts';
import { profilesWords } from './words/profiles.ts';
import { requestsWords } from './words/requests.ts';
import { reviewsWords } from './words/reviews.ts';
import { routeAlertsWords } from './words/route-alerts.ts';
import { supportWords } from './words/support.ts';
import { travelPlansWords } from './words/travel-plans.ts';

/**
 * The member's words for every code of the API's catalog (src/shared/errors.ts): one table, split by
 * domain only to keep files small. Typed as a full record, so a code without words does not compile.
 */
export const errorWords: Record<ErrorCode, ErrorWords> = {
  ...commonWords,
  ...accountWords,
  ...profilesWords,
  ...kycWords,
  ...packagesWords,
  ...requestsWords,
  ...matchingWords,
  ...travelPlansWords,
  ...routeAlertsWords,
  ...lifecycleWords,
  ...paymentsWords,
  ...payoutsWords,
  ...reviewsWords,
  ...chatWords,
  ...notificationsWords,
  ...membersWords,
  ...supportWords,
};
