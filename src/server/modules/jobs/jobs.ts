import { autoCompleteJob } from './auto-complete.ts';
import { completeTravelPlansJob } from './complete-travel-plans.ts';
import { expirePackagesJob } from './expire-packages.ts';
import { expireRequestsJob } from './expire-requests.ts';
import { expireTripRequestsJob } from './expire-trip-requests.ts';
import type { Job } from './job.ts';
import { pruneAttemptCountersJob } from './prune-attempt-counters.ts';
import { revealReviewsJob } from './reveal-reviews.ts';
import { rollUpDashboardJob } from './roll-up-dashboard.ts';
import { sendBroadcastsJob } from './send-broadcasts.ts';
import { sendRouteAlertDigestsJob } from './send-route-alert-digests.ts';

/**
 * Every scheduled job, in the order a tick runs them: packages expire before their requests are swept,
 * and packages complete before the trips that carried them.
 */
export const scheduledJobs: readonly Job[] = [
  expirePackagesJob,
  expireRequestsJob,
  autoCompleteJob,
  expireTripRequestsJob,
  completeTravelPlansJob,
  revealReviewsJob,
  pruneAttemptCountersJob,
  rollUpDashboardJob,
  sendBroadcastsJob,
  sendRouteAlertDigestsJob,
];
