import { eq, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { conversations } from '#server/db/schema/requests.ts';
import { call } from '#server/modules/packages/test/helpers.ts';
import { createTestApp } from '#server/test/app.ts';
import { packageSchema } from '#shared/packages.ts';
import type { PackageRequest } from '#shared/requests.ts';
import {
  answer,
  createTrip,
  invite,
  type Member,
  matchedPackage,
  openPackage,
  verifiedMember,
} from './test/helpers.ts';

// docs/product.md §7: one conversation per pair of users. A second delivery between the same two members
// (accepted from the other side, on another package) reuses the first one's conversation.

let app: FastifyInstance;
let sender: Member;
let traveler: Member;
beforeAll(async () => {
  app = await createTestApp();
  await app.ready();
  sender = await verifiedMember(app, 'pair-sender@example.test', 'Pam Sender');
  traveler = await verifiedMember(app, 'pair-traveler@example.test', 'Ted Traveler');
});
afterAll(() => app.close());

const conversationIdOnPage = async (member: Member, packageId: string) => {
  const res = await call(app, 'GET', `/api/packages/${packageId}`, member.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return packageSchema.parse(res.json()).conversationId;
};

it('two accepted requests between the same two members leave one conversation, linked from both packages', async () => {
  // The first: the traveler offers, the sender accepts.
  const { pkg: first } = await matchedPackage(app, sender, traveler);
  // The second: the sender invites, the traveler accepts.
  const second = await openPackage(app, sender, { title: 'A second parcel' });
  const trip = await createTrip(app, traveler);
  const invitation = (await invite(app, sender.cookie, second.id, trip.id)).json() as PackageRequest;
  const accepted = await answer(app, traveler.cookie, invitation.id, 'accept');
  expect(accepted.statusCode, accepted.body).toBe(200);

  const theirs = await app.database.db
    .select()
    .from(conversations)
    .where(or(eq(conversations.userA, sender.id), eq(conversations.userB, sender.id)));
  expect(theirs).toHaveLength(1);
  const [conversation] = theirs;
  // It keeps the package it was first opened for, and who opened it then.
  expect(conversation).toMatchObject({
    userA: [sender.id, traveler.id].sort()[0],
    userB: [sender.id, traveler.id].sort()[1],
    packageId: first.id,
    openedBy: sender.id,
  });

  for (const member of [sender, traveler])
    for (const pkg of [first, second]) expect(await conversationIdOnPage(member, pkg.id)).toBe(conversation?.id);

  const listed = await call(app, 'GET', '/api/communication/chat/conversations', traveler.cookie);
  expect(listed.json().items.map((c: { id: string }) => c.id)).toEqual([conversation?.id]);
});
