import { autoCompleteJob } from './auto-complete.ts';
import { expirePackagesJob } from './expire-packages.ts';
import { expireRequestsJob } from './expire-requests.ts';
import type { Job } from './job.ts';
import { revealReviewsJob } from './reveal-reviews.ts';

/** Every scheduled job, in the order a tick runs them: packages expire before their requests are swept. */
export const scheduledJobs: readonly Job[] = [expirePackagesJob, expireRequestsJob, autoCompleteJob, revealReviewsJob];
