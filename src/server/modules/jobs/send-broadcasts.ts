import { deliverDueBroadcasts } from '#server/modules/broadcasts/service.ts';
import type { Job } from './job.ts';

// Broadcasts nobody is sending: one a node queued and could not finish (it stopped), or one queued
// while its sender was busy. The lease keeps two nodes from writing the same batch.

export const sendBroadcastsJob: Job = {
  name: 'send-broadcasts',
  async run({ db, notifier, log }) {
    return { processed: await deliverDueBroadcasts({ db, notifier, log }), failed: 0 };
  },
};
