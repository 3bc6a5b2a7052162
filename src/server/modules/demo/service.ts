import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { handoverCodeKeys } from '#server/lib/codes.ts';
import { createAuth } from '#server/modules/auth/public.ts';
import { bankDetailsKey } from '#server/modules/payouts/public.ts';
import { createSettingsStore } from '#server/modules/settings/service.ts';
import { createSandboxPaymentProvider } from '#server/providers/payments/sandbox.ts';
import { createPackagePhotoStorage } from '#server/providers/storage/create.ts';
import { seedDemoAccounts } from './seed.ts';
import { seedDemoConversations } from './seed-conversations.ts';
import { seedDemoNotifications } from './seed-notifications.ts';
import { seedDemoPackages } from './seed-packages.ts';
import { seedDemoPayments } from './seed-payments.ts';
import { seedDemoPhotos } from './seed-photos.ts';
import { seedDemoRequests } from './seed-requests.ts';
import { seedDemoSupport } from './seed-support.ts';

export { promoteAdmin } from './seed.ts';

/**
 * Demo mode's data (docs/decisions/0029-demo-mode-only-on-this-machine.md), written once on the
 * migrated database before the app is built, so building the app writes nothing. Each step skips
 * what exists already: a restart adds nothing and a demo someone has been using stays as it is.
 * The keys are derived from the same secret the app's are, so the handover codes and sealed bank
 * details seeded here are the ones the running app checks and opens.
 */
export async function seedDemo(config: Config, db: Database, log: FastifyBaseLogger): Promise<void> {
  // Sign-ups go through Better Auth for the real password hashing and account rows; their
  // confirmation e-mails and texts are nobody's, so they go nowhere.
  const auth = createAuth(config, db, {
    mailer: { kind: 'outbox', send: async () => undefined },
    sms: { kind: 'outbox', sendCode: async () => undefined },
  });
  const settings = createSettingsStore({ db, log });
  await seedDemoAccounts(auth, db, log);
  // Matched demo packages get their handover codes under the keys the lifecycle checks them with.
  await seedDemoPackages(db, log, handoverCodeKeys(config.authSecret));
  // Their photos, in the data folder the app serves package photos from.
  await seedDemoPhotos(db, log, await createPackagePhotoStorage(config));
  // Their money, before anything (a job, a member, the notifications below) reads it.
  await seedDemoPayments(db, log, {
    sandbox: createSandboxPaymentProvider(config),
    baseUrl: config.baseUrl,
    bankKey: bankDetailsKey(config.authSecret),
    settings,
  });
  // After the packages and trips they link; before the chat, as an accepted request opens it.
  await seedDemoRequests(db, log, settings);
  await seedDemoConversations(db, log);
  await seedDemoSupport(db, log);
  // Last: they tell of the packages, requests and reviews above, when those say it happened.
  await seedDemoNotifications(db, log);
}
