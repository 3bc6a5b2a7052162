import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#server/db/client.ts';
import type { Notifier } from '#server/modules/notifications/public.ts';
import type { SettingsStore } from '#server/modules/settings/service.ts';
import type { Mailer } from '#server/providers/mail/mailer.ts';
import type { PaymentProvider } from '#server/providers/payments/payment-provider.ts';

/** What every job is handed: the app's database, notifier, payment provider and settings, and its logger. */
export interface JobContext {
  db: Database;
  notifier: Notifier;
  provider: PaymentProvider;
  settings: SettingsStore;
  log: FastifyBaseLogger;
  /** For jobs that send e-mail themselves (route alert digests); absent in tests that need none. */
  mailer?: Mailer;
  /** The site's address, for links in those e-mails. */
  baseUrl?: string;
}

/** What one run of a job did: items done, and items that failed and are left for the next run. */
export interface JobResult {
  processed: number;
  failed: number;
}

/**
 * A scheduled job (ADR 0021). `run` does whatever is due at `now` (the scheduler's clock, a fake one
 * in tests) and must be idempotent: run twice, or on two nodes at once, each item is done once.
 */
export interface Job {
  name: string;
  run(ctx: JobContext, now: Date): Promise<JobResult>;
}

/** How many items one job takes on per run; the rest wait for the next run, oldest first. */
export const JOB_BATCH_SIZE = 200;
