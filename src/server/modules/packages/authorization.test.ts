import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAdmin } from '#server/modules/kyc/test/helpers.ts';
import { solidPng } from '#server/modules/profiles/test/fixtures.ts';
import {
  answer,
  createTrip,
  invite,
  type Member,
  offered,
  openPackage,
  storedRequest,
  verifiedMember,
} from '#server/modules/requests/test/helpers.ts';
import { createTestApp } from '#server/test/app.ts';
import { signUpVerified } from '#server/test/users.ts';
import { packageStatuses } from '#shared/package-status.ts';
import { type Package, packagePageSchema, packageSchema, publicPackageSchema } from '#shared/packages.ts';
import {
  berlin,
  call,
  completeDraft,
  createDraft,
  paris,
  setPackageStatus,
  storedRow,
  uploadPhoto,
} from './test/helpers.ts';

// Another member cannot read a draft or the private fields of an open
// package, nor change either, proven endpoint by endpoint.

let app: FastifyInstance;
let sender: { cookie: string; id: string };
let other: { cookie: string; id: string };
let admin: { cookie: string; id: string };
let traveler: { cookie: string; id: string };
let draft: Package;
let open: Package;
let matched: Package;

async function draftWithPhoto(title: string) {
  const created = await createDraft(app, sender.cookie, { ...completeDraft(), title });
  const res = await uploadPhoto(app, sender.cookie, created.id, await solidPng(), 'p.png', 'image/png');
  expect(res.statusCode).toBe(200);
  return res.json() as Package;
}

beforeAll(async () => {
  app = await createTestApp();
  await app.ready();
  sender = await signUpVerified(app, 'owner@example.test', 'Owner Olsen');
  other = await signUpVerified(app, 'other@example.test', 'Other Otto');
  admin = await signUpVerified(app, 'admin@example.test', 'Admin Ada');
  await makeAdmin(app, admin.id);
  traveler = await signUpVerified(app, 'carrier@example.test', 'Carrier Cora');
  draft = await draftWithPhoto('Draft parcel');
  open = await draftWithPhoto('Open parcel');
  await setPackageStatus(app, open.id, 'open');
  matched = await draftWithPhoto('Matched parcel');
  await setPackageStatus(app, matched.id, 'matched', traveler.id);
});
afterAll(() => app.close());

interface Req {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  payload?: object;
}

/** Every package endpoint but the photo upload (multipart, tested on its own), for one package. */
const endpoints: Record<string, (pkg: Pick<Package, 'id' | 'photos'>) => Req> = {
  'GET /api/packages/{id}': (pkg) => ({ method: 'GET', url: `/api/packages/${pkg.id}` }),
  'PATCH /api/packages/{id}': (pkg) => ({
    method: 'PATCH',
    url: `/api/packages/${pkg.id}`,
    payload: { title: 'Mine' },
  }),
  'DELETE /api/packages/{id}': (pkg) => ({ method: 'DELETE', url: `/api/packages/${pkg.id}` }),
  'POST /api/packages/{id}/cancel': (pkg) => ({ method: 'POST', url: `/api/packages/${pkg.id}/cancel` }),
  'DELETE /api/packages/{id}/photos/{photoId}': (pkg) => ({
    method: 'DELETE',
    url: `/api/packages/${pkg.id}/photos/${pkg.photos[0]?.id}`,
  }),
  'PUT /api/packages/{id}/photos/order': (pkg) => ({
    method: 'PUT',
    url: `/api/packages/${pkg.id}/photos/order`,
    payload: { photoIds: pkg.photos.map((photo) => photo.id) },
  }),
};
const writes = Object.keys(endpoints).filter((name) => !name.startsWith('GET'));
const request = (name: string, pkg: Pick<Package, 'id' | 'photos'>) => (endpoints[name] as (p: typeof pkg) => Req)(pkg);
const fakePackage = (id: string, photoId: string) => ({ id, photos: [{ id: photoId, url: '', width: 1, height: 1 }] });

const send = (req: Req, cookie?: string) => call(app, req.method, req.url, cookie, req.payload);

describe('a visitor', () => {
  it('is refused by every endpoint with 401', async () => {
    for (const pkg of [draft, open]) {
      for (const name of Object.keys(endpoints)) {
        expect((await send(request(name, pkg))).statusCode, name).toBe(401);
      }
      expect((await uploadPhoto(app, undefined, pkg.id, await solidPng())).statusCode).toBe(401);
    }
    expect((await call(app, 'POST', '/api/packages', undefined, completeDraft())).statusCode).toBe(401);
    expect((await call(app, 'GET', '/api/packages')).statusCode).toBe(401);
  });
});

describe("another member and someone else's draft", () => {
  it.each(Object.keys(endpoints))('%s answers 404, as if there were no such package', async (name) => {
    const before = await storedRow(app, draft.id);
    const res = await send(request(name, draft), other.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('PACKAGE_NOT_FOUND');
    expect(await storedRow(app, draft.id)).toEqual(before);
  });

  it('POST /api/packages/{id}/photos answers 404 and stores nothing', async () => {
    const res = await uploadPhoto(app, other.cookie, draft.id, await solidPng(), 'p.png', 'image/png');
    expect(res.statusCode).toBe(404);
    const view = (await call(app, 'GET', `/api/packages/${draft.id}`, sender.cookie)).json() as Package;
    expect(view.photos).toHaveLength(1);
  });

  it('answers the same 404 as for a package that does not exist', async () => {
    const missing = await call(app, 'GET', `/api/packages/${randomUUID()}`, other.cookie);
    const hidden = await call(app, 'GET', `/api/packages/${draft.id}`, other.cookie);
    expect(hidden.statusCode).toBe(missing.statusCode);
    const { requestId: _hidden, ...hiddenError } = hidden.json().error;
    const { requestId: _missing, ...missingError } = missing.json().error;
    expect(hiddenError).toEqual(missingError);
  });

  it('does not find it in their own list', async () => {
    const page = packagePageSchema.parse((await call(app, 'GET', '/api/packages', other.cookie)).json());
    expect(page.items).toEqual([]);
  });
});

describe("another member and someone else's open package", () => {
  it('GET shows only the public part: no recipient, no street address, no exact coordinates', async () => {
    const res = await call(app, 'GET', `/api/packages/${open.id}`, other.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(publicPackageSchema.strict().parse(body).visibility).toBe('public');
    // The city's coordinates only to a tenth of a degree, for the route map.
    expect(body.pickup).toEqual({ label: paris.label, city: paris.city, countryCode: 'FR', lat: 48.9, lng: 2.3 });
    expect(body.dropoff).toEqual({ label: berlin.label, city: berlin.city, countryCode: 'DE', lat: 52.5, lng: 13.4 });
    for (const key of ['recipientName', 'recipientPhone', 'notes', 'declaredValue', 'timeline', 'actions', 'missing']) {
      expect(body).not.toHaveProperty(key);
    }
    const text = res.body;
    for (const secret of [
      completeDraft().recipientName as string,
      completeDraft().recipientPhone as string,
      paris.address as string,
      berlin.address as string,
      String(paris.lat),
      String(paris.lng),
      String(berlin.lat),
      String(berlin.lng),
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it.each(writes)('%s answers 403 and changes nothing', async (name) => {
    const before = await storedRow(app, open.id);
    const res = await send(request(name, open), other.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('PACKAGE_SENDER_ONLY');
    expect(await storedRow(app, open.id)).toEqual(before);
  });

  it('POST /api/packages/{id}/photos answers 403', async () => {
    const res = await uploadPhoto(app, other.cookie, open.id, await solidPng(), 'p.png', 'image/png');
    expect(res.statusCode).toBe(403);
  });
});

describe('who sees everything', () => {
  it('the sender, with the actions of a draft', async () => {
    const body = packageSchema.parse((await call(app, 'GET', `/api/packages/${draft.id}`, sender.cookie)).json());
    expect(body.recipientPhone).toBe(completeDraft().recipientPhone);
    expect(body.pickup).toEqual(paris);
    expect(body.actions).toEqual(['edit', 'delete', 'cancel', 'pay', 'add_photos']);
  });

  it("an admin, even a draft, without the sender's actions", async () => {
    const body = packageSchema.parse((await call(app, 'GET', `/api/packages/${draft.id}`, admin.cookie)).json());
    expect(body.recipientName).toBe(completeDraft().recipientName);
    // An administrator cancels from the back office, with a reason (ADR 0044): no action here.
    expect(body.actions).toEqual([]);
    const patch = await call(app, 'PATCH', `/api/packages/${draft.id}`, admin.cookie, { title: 'Admin edit' });
    expect(patch.statusCode).toBe(403);
  });

  it('the traveler carrying it, who still cannot edit it', async () => {
    const body = packageSchema.parse((await call(app, 'GET', `/api/packages/${matched.id}`, traveler.cookie)).json());
    expect(body.dropoff).toEqual(berlin);
    // The handover is theirs; editing and cancelling are not.
    expect(body.actions).toEqual(['enter_pickup_code', 'withdraw_as_traveler']);
    const patch = await call(app, 'PATCH', `/api/packages/${matched.id}`, traveler.cookie, { title: 'Carrier edit' });
    expect(patch.statusCode).toBe(403);
    // To the traveler of one package, another of the same sender's drafts is still hidden.
    expect((await call(app, 'GET', `/api/packages/${draft.id}`, traveler.cookie)).statusCode).toBe(404);
  });
});

describe('who reads a package once it has left open, status by status', () => {
  // A stranger reads the public part of an open package only; the travelers who had a request on it
  // (whatever its answer) keep that part, so their requests page can still link it; its parties
  // and an admin read all of it. Requests go through the real API; the package is then moved
  // through every status directly, as above.
  let seller: Member;
  let carrier: Member;
  let stranger: Member;
  let requesters: Record<'invited' | 'declined' | 'withdrawn' | 'expired', Member>;
  let pkg: Package;

  beforeAll(async () => {
    seller = await verifiedMember(app, 'past-sender@example.test', 'Past Sender');
    carrier = await verifiedMember(app, 'past-carrier@example.test', 'Past Carrier');
    stranger = await verifiedMember(app, 'past-stranger@example.test', 'Past Stranger');
    requesters = {
      invited: await verifiedMember(app, 'past-invited@example.test', 'Past Invited'),
      declined: await verifiedMember(app, 'past-declined@example.test', 'Past Declined'),
      withdrawn: await verifiedMember(app, 'past-withdrawn@example.test', 'Past Withdrawn'),
      expired: await verifiedMember(app, 'past-expired@example.test', 'Past Expired'),
    };
    pkg = await openPackage(app, seller);
    const offerOf = async (who: Member) => offered(app, who, pkg.id, (await createTrip(app, who)).id);

    // The stranger's own request on another package gives them nothing on this one.
    const elsewhere = await openPackage(app, seller, { title: 'Another parcel' });
    await offered(app, stranger, elsewhere.id, (await createTrip(app, stranger)).id);

    const declined = await offerOf(requesters.declined);
    expect((await answer(app, seller.cookie, declined.id, 'decline')).statusCode).toBe(200);
    const withdrawn = await offerOf(requesters.withdrawn);
    expect((await answer(app, requesters.withdrawn.cookie, withdrawn.id, 'withdraw')).statusCode).toBe(200);
    // Cancelling an open package expires its pending requests; it is then opened again for the rest.
    const expired = await offerOf(requesters.expired);
    expect((await call(app, 'POST', `/api/packages/${pkg.id}/cancel`, seller.cookie)).statusCode).toBe(200);
    await setPackageStatus(app, pkg.id, 'open');
    const invitedTrip = await createTrip(app, requesters.invited);
    const invited = await invite(app, seller.cookie, pkg.id, invitedTrip.id);
    expect(invited.statusCode, invited.body).toBe(201);

    const statusOf = async (id: string) => (await storedRequest(app, id)).status;
    expect(await statusOf((invited.json() as { id: string }).id)).toBe('pending');
    expect(await statusOf(declined.id)).toBe('declined');
    expect(await statusOf(withdrawn.id)).toBe('withdrawn');
    expect(await statusOf(expired.id)).toBe('expired');
  });

  const pastOpen = packageStatuses.filter((status) => status !== 'draft' && status !== 'open');
  const read = (who: Member) => call(app, 'GET', `/api/packages/${pkg.id}`, who.cookie);

  it('open: any member reads the public part', async () => {
    await setPackageStatus(app, pkg.id, 'open');
    for (const who of [stranger, ...Object.values(requesters)]) {
      const res = await read(who);
      expect(res.statusCode, res.body).toBe(200);
      expect(publicPackageSchema.strict().parse(res.json()).status).toBe('open');
    }
  });

  it.each(pastOpen)('%s: a stranger gets the same 404 as for no package at all', async (status) => {
    await setPackageStatus(app, pkg.id, status, carrier.id);
    const missing = await call(app, 'GET', `/api/packages/${randomUUID()}`, stranger.cookie);
    const hidden = await read(stranger);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().error).toMatchObject({ code: 'PACKAGE_NOT_FOUND', message: missing.json().error.message });
  });

  it.each(pastOpen)(
    '%s: a traveler whose request was invited, declined, withdrawn or expired reads the public part',
    async (status) => {
      await setPackageStatus(app, pkg.id, status, carrier.id);
      for (const [which, who] of Object.entries(requesters)) {
        const res = await read(who);
        expect(res.statusCode, `${which}: ${res.body}`).toBe(200);
        expect(publicPackageSchema.strict().parse(res.json()).status, which).toBe(status);
      }
    },
  );

  it.each(pastOpen)('%s: the sender, the traveler carrying it and an admin read all of it', async (status) => {
    await setPackageStatus(app, pkg.id, status, carrier.id);
    for (const who of [seller, carrier, admin]) {
      const res = await read(who);
      expect(res.statusCode, res.body).toBe(200);
      expect(packageSchema.parse(res.json())).toMatchObject({ status, recipientName: completeDraft().recipientName });
    }
  });
});

describe('the sender and a package that is no longer a draft', () => {
  it.each(writes.filter((name) => !name.endsWith('/cancel')))('%s answers 409', async (name) => {
    const res = await send(request(name, open), sender.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('PACKAGE_NOT_DRAFT');
  });

  it('POST photos answers 409', async () => {
    expect((await uploadPhoto(app, sender.cookie, open.id, await solidPng(), 'p.png', 'image/png')).statusCode).toBe(
      409,
    );
  });

  it('cancelling a published package goes through the refund path (nothing was paid here, so nothing is refunded)', async () => {
    // The payments tests cover the refunds themselves; these packages were opened without a payment.
    for (const pkg of [open, matched]) {
      const res = await call(app, 'POST', `/api/packages/${pkg.id}/cancel`, sender.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'cancelled', actions: [] });
      expect((await storedRow(app, pkg.id))?.status).toBe('cancelled');
    }
  });
});

describe('ids', () => {
  it('a malformed id is 400 and an unknown one 404, on every endpoint', async () => {
    for (const name of Object.keys(endpoints)) {
      const malformed = await send(request(name, fakePackage('not-a-uuid', 'nope')), sender.cookie);
      expect(malformed.statusCode, name).toBe(400);
      const unknown = await send(request(name, fakePackage(randomUUID(), randomUUID())), sender.cookie);
      expect(unknown.statusCode, name).toBe(404);
    }
  });

  it("a photo of one package cannot be ordered through another of the sender's drafts", async () => {
    const mine = await draftWithPhoto('Draft with its own photo');
    const res = await call(app, 'PUT', `/api/packages/${mine.id}/photos/order`, sender.cookie, {
      photoIds: [draft.photos[0]?.id],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('photoIds');
  });

  it("a photo of one package cannot be removed through another of the sender's drafts", async () => {
    const mine = await createDraft(app, sender.cookie, { title: 'Another draft' });
    const res = await call(app, 'DELETE', `/api/packages/${mine.id}/photos/${draft.photos[0]?.id}`, sender.cookie);
    expect(res.statusCode).toBe(404);
    const view = (await call(app, 'GET', `/api/packages/${draft.id}`, sender.cookie)).json() as Package;
    expect(view.photos).toHaveLength(1);
  });
});
