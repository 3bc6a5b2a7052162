import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { conversations } from '#server/db/schema/requests.ts';
import { makeAdmin } from '#server/modules/kyc/test/helpers.ts';
import { call } from '#server/modules/packages/test/helpers.ts';
import {
  answer,
  createTrip,
  type Member,
  matchedPackage,
  offered,
  openPackage,
  verifiedMember,
} from '#server/modules/requests/test/helpers.ts';
import { createTestApp } from '#server/test/app.ts';
import { type Package, packageSchema } from '#shared/packages.ts';

// The package page names who carries it and links the two parties' conversation: both follow the
// match, through a traveler's withdrawal and a new match.

let app: FastifyInstance;
let sender: Member;
let traveler: Member;
let next: Member;
let admin: Member;
beforeAll(async () => {
  app = await createTestApp();
  await app.ready();
  sender = await verifiedMember(app, 'parties-sender@example.test', 'Pia Sender');
  traveler = await verifiedMember(app, 'parties-traveler@example.test', 'Tao Traveler');
  next = await verifiedMember(app, 'parties-next@example.test', 'Nia Next');
  admin = await verifiedMember(app, 'parties-admin@example.test', 'Abe Admin');
  await makeAdmin(app, admin.id);
});
afterAll(() => app.close());

async function viewAs(member: Member, id: string): Promise<Package> {
  const res = await call(app, 'GET', `/api/packages/${id}`, member.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return packageSchema.parse(res.json());
}

/** The conversation the match opened between the sender and this traveler about the package. */
async function conversationIdOf(packageId: string, travelerId: string) {
  const rows = await app.database.db.select().from(conversations).where(eq(conversations.packageId, packageId));
  return rows.find((c) => c.userA === travelerId || c.userB === travelerId)?.id;
}

it('an open package has no traveler and no conversation', async () => {
  const pkg = await openPackage(app, sender);
  expect(await viewAs(sender, pkg.id)).toMatchObject({ traveler: null, conversationId: null });
});

it('a match names the traveler to both parties and links their conversation; a new match replaces both', async () => {
  const { pkg } = await matchedPackage(app, sender, traveler);
  const first = await conversationIdOf(pkg.id, traveler.id);
  expect(first).toBeDefined();

  const bySender = await viewAs(sender, pkg.id);
  expect(bySender.traveler).toMatchObject({ id: traveler.id, name: 'Tao Traveler' });
  expect(bySender.conversationId).toBe(first);
  const byTraveler = await viewAs(traveler, pkg.id);
  expect(byTraveler).toMatchObject({ traveler: { id: traveler.id }, conversationId: first });
  // An admin sees who carries it; conversations are not theirs to open from here.
  expect(await viewAs(admin, pkg.id)).toMatchObject({ traveler: { id: traveler.id }, conversationId: null });

  expect((await call(app, 'POST', `/api/packages/${pkg.id}/withdraw-traveler`, traveler.cookie)).statusCode).toBe(200);
  expect(await viewAs(sender, pkg.id)).toMatchObject({ traveler: null, conversationId: null });

  const nextTrip = await createTrip(app, next);
  const request = await offered(app, next, pkg.id, nextTrip.id);
  expect((await answer(app, sender.cookie, request.id, 'accept')).statusCode).toBe(200);
  const second = await conversationIdOf(pkg.id, next.id);
  expect(second).toBeDefined();
  expect(second).not.toBe(first);
  expect(await viewAs(sender, pkg.id)).toMatchObject({
    traveler: { id: next.id, name: 'Nia Next' },
    conversationId: second,
  });
});
