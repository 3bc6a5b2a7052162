import { sendRouteAlertDigests } from '#server/modules/route-alerts/public.ts';
import type { Job } from './job.ts';

// Each route alert's daily e-mail of what it found (docs/product.md §3.5). Without a mailer (a test's
// scheduler) there is nothing to send.

export const sendRouteAlertDigestsJob: Job = {
  name: 'send-route-alert-digests',
  async run({ db, mailer, baseUrl, log }, now) {
    if (!mailer) return { processed: 0, failed: 0 };
    return sendRouteAlertDigests({ db, mailer, baseUrl: baseUrl ?? '', log }, now);
  },
};
