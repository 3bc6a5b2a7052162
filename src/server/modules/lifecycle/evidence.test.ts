import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAdmin } from '#server/modules/kyc/test/helpers.ts';
import { call } from '#server/modules/packages/test/helpers.ts';
import { solidPng } from '#server/modules/profiles/test/fixtures.ts';
import {
  codesOf,
  type Member,
  matchedPackage,
  notificationsOf,
  verifiedMember,
} from '#server/modules/requests/test/helpers.ts';
import { createTestApp } from '#server/test/app.ts';
import { type Dispute, disputeSchema } from '#shared/lifecycle.ts';
import { type Package, packageSchema } from '#shared/packages.ts';

// Evidence on a dispute and the traveler's handover photos (docs/product.md §2.4, §2.5): the parties
// add words and photos while the dispute is open, at most 5 photos each; the photos are private to the
// parties and admins; once resolved, the timeline is closed.

let app: FastifyInstance;
let sender: Member;
let traveler: Member;
let stranger: Member;
let admin: Member;
let png: Buffer;
beforeAll(async () => {
  app = await createTestApp();
  await app.ready();
  sender = await verifiedMember(app, 'evidence-sender@example.test', 'Sue Sender');
  traveler = await verifiedMember(app, 'evidence-traveler@example.test', 'Tom Traveler');
  stranger = await verifiedMember(app, 'evidence-stranger@example.test', 'Stan Stranger');
  admin = await verifiedMember(app, 'evidence-admin@example.test', 'Ada Admin');
  await makeAdmin(app, admin.id);
  png = await solidPng(320, 240);
});
afterAll(() => app.close());

/** A multipart form as a browser's FormData sends it: an optional text field and some photo files. */
function form(text: string | undefined, photos: Buffer[]) {
  const boundary = `----tagalong-${randomUUID()}`;
  const parts: Buffer[] = [];
  if (text !== undefined) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="text"\r\n\r\n${text}\r\n`));
  }
  photos.forEach((bytes, i) => {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="p${i}.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      bytes,
      Buffer.from('\r\n'),
    );
  });
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const post = (url: string, cookie: string, text: string | undefined, photos: Buffer[] = []) => {
  const body = form(text, photos);
  return app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, cookie } });
};
const addEvidence = (packageId: string, who: Member, text: string | undefined, photos: Buffer[] = []) =>
  post(`/api/packages/${packageId}/dispute/evidence`, who.cookie, text, photos);
const addHandoff = (packageId: string, who: Member, step: string, photos: Buffer[] = [png]) =>
  post(`/api/packages/${packageId}/handoff-photo?step=${step}`, who.cookie, undefined, photos);
const get = (url: string, who?: Member) => call(app, 'GET', url, who?.cookie);

async function pickedUp() {
  const { pkg } = await matchedPackage(app, sender, traveler);
  const codes = await codesOf(app, sender, pkg.id);
  await call(app, 'POST', `/api/packages/${pkg.id}/pickup`, traveler.cookie, { code: codes.pickupCode });
  return { pkg, codes };
}

async function delivered() {
  const { pkg, codes } = await pickedUp();
  await call(app, 'POST', `/api/packages/${pkg.id}/deliver`, traveler.cookie, { code: codes.deliveryCode });
  return pkg;
}

async function disputed() {
  const pkg = await delivered();
  const res = await call(app, 'POST', `/api/packages/${pkg.id}/dispute`, sender.cookie, {
    reason: 'damaged',
    details: 'The box arrived crushed on one side.',
  });
  expect(res.statusCode, res.body).toBe(201);
  return pkg;
}

const disputeOf = (res: { statusCode: number; body: string; json: () => unknown }, status = 201): Dispute => {
  expect(res.statusCode, res.body).toBe(status);
  return disputeSchema.parse(res.json());
};

describe('adding evidence', () => {
  it('takes words and photos from each party, in one timeline both sides and admins read', async () => {
    const pkg = await disputed();
    const first = disputeOf(await addEvidence(pkg.id, sender, 'The corner is crushed, see the photos.', [png, png]));
    expect(first.viewerRole).toBe('sender');
    expect(first.photosLeft).toBe(3);
    expect(first.evidence).toHaveLength(1);
    expect(first.evidence[0]).toMatchObject({
      author: { id: sender.id, name: 'Sue Sender', role: 'sender' },
      text: 'The corner is crushed, see the photos.',
    });
    expect(first.evidence[0]?.photos).toHaveLength(2);
    expect(first.evidence[0]?.photos[0]?.url).toMatch(
      new RegExp(`^/api/packages/${pkg.id}/private-photos/[0-9a-f-]{36}\\.webp$`),
    );

    disputeOf(await addEvidence(pkg.id, traveler, 'It was intact when I handed it over.'));
    disputeOf(await addEvidence(pkg.id, traveler, undefined, [png]));

    const forTraveler = disputeOf(await get(`/api/packages/${pkg.id}/dispute`, traveler), 200);
    expect(forTraveler.viewerRole).toBe('traveler');
    expect(forTraveler.photosLeft).toBe(4);
    expect(forTraveler.openedBy).toMatchObject({ id: sender.id, role: 'sender' });
    expect(forTraveler.evidence.map((item) => [item.author.role, item.text, item.photos.length])).toEqual([
      ['sender', 'The corner is crushed, see the photos.', 2],
      ['traveler', 'It was intact when I handed it over.', 0],
      ['traveler', null, 1],
    ]);

    const forAdmin = disputeOf(await get(`/api/admin/packages/${pkg.id}/dispute`, admin), 200);
    expect(forAdmin.evidence).toEqual(forTraveler.evidence);
    expect(forAdmin).toMatchObject({ viewerRole: 'admin', photosLeft: 0 });
  });

  it('tells the other side and the admins, not the author', async () => {
    const pkg = await disputed();
    const before = {
      sender: (await notificationsOf(app, sender.id, 'dispute_evidence_added')).length,
      traveler: (await notificationsOf(app, traveler.id, 'dispute_evidence_added')).length,
      admin: (await notificationsOf(app, admin.id, 'dispute_evidence_added')).length,
    };
    disputeOf(await addEvidence(pkg.id, traveler, 'Here is what happened at the door.'));
    expect(await notificationsOf(app, traveler.id, 'dispute_evidence_added')).toHaveLength(before.traveler);
    const toSender = await notificationsOf(app, sender.id, 'dispute_evidence_added');
    expect(toSender).toHaveLength(before.sender + 1);
    expect(toSender.find((n) => n.data.packageId === pkg.id)?.link).toBe(`/user/packages/${pkg.id}`);
    const toAdmin = await notificationsOf(app, admin.id, 'dispute_evidence_added');
    expect(toAdmin).toHaveLength(before.admin + 1);
    expect(toAdmin.find((n) => n.data.packageId === pkg.id)?.link).toBe(`/admin/packages/${pkg.id}`);
  });

  it('refuses a sixth photo from one party, and keeps nothing of the refused upload', async () => {
    const pkg = await disputed();
    disputeOf(await addEvidence(pkg.id, sender, undefined, [png, png, png]));
    const tooMany = await addEvidence(pkg.id, sender, 'Three more', [png, png, png]);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toMatchObject({ error: { code: 'EVIDENCE_PHOTO_LIMIT' } });
    const last = disputeOf(await addEvidence(pkg.id, sender, undefined, [png, png]));
    expect(last.photosLeft).toBe(0);
    const sixth = await addEvidence(pkg.id, sender, undefined, [png]);
    expect(sixth.statusCode).toBe(409);
    // The limit is per party: the traveler still has all of theirs.
    expect(disputeOf(await addEvidence(pkg.id, traveler, undefined, [png])).photosLeft).toBe(4);
    const all = disputeOf(await get(`/api/packages/${pkg.id}/dispute`, sender), 200);
    expect(all.evidence.flatMap((item) => item.photos)).toHaveLength(6);
  });

  it('answers 400 to empty or invalid evidence, writing nothing', async () => {
    const pkg = await disputed();
    const empty = await addEvidence(pkg.id, sender, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ error: { code: 'EVIDENCE_EMPTY' } });
    const long = await addEvidence(pkg.id, sender, 'x'.repeat(2001));
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    const notImage = await addEvidence(pkg.id, sender, 'A file', [Buffer.from('not an image at all')]);
    expect(notImage.statusCode).toBe(400);
    const json = await call(app, 'POST', `/api/packages/${pkg.id}/dispute/evidence`, sender.cookie, { text: 'Hi' });
    expect(json.statusCode).toBe(400);
    expect(disputeOf(await get(`/api/packages/${pkg.id}/dispute`, sender), 200).evidence).toEqual([]);
  });

  it('is 404 to a stranger, 403 to an admin, 401 to a visitor', async () => {
    const pkg = await disputed();
    expect((await addEvidence(pkg.id, stranger, 'I saw it all')).statusCode).toBe(404);
    expect((await get(`/api/packages/${pkg.id}/dispute`, stranger)).statusCode).toBe(404);
    const byAdmin = await addEvidence(pkg.id, admin, 'Admins only read');
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json()).toMatchObject({ error: { code: 'EVIDENCE_PARTIES_ONLY' } });
    expect((await post(`/api/packages/${pkg.id}/dispute/evidence`, '', 'Hello')).statusCode).toBe(401);
    expect((await get(`/api/admin/packages/${pkg.id}/dispute`, sender)).statusCode).toBe(403);
    expect((await get(`/api/admin/packages/${randomUUID()}/dispute`, admin)).statusCode).toBe(404);
  });

  it('is 404 without a dispute and 409 once the dispute is resolved', async () => {
    const pkg = await delivered();
    expect((await addEvidence(pkg.id, sender, 'Nothing open yet')).statusCode).toBe(404);
    const open = await call(app, 'POST', `/api/packages/${pkg.id}/dispute`, traveler.cookie, {
      reason: 'other',
      details: 'The recipient refused to sign for it.',
    });
    expect(open.statusCode).toBe(201);
    const resolved = await call(app, 'POST', `/api/admin/packages/${pkg.id}/dispute/resolve`, admin.cookie, {
      resolution: 'release_traveler',
      note: 'Delivered as agreed',
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    const late = await addEvidence(pkg.id, sender, 'One more thing');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ error: { code: 'DISPUTE_CLOSED' } });
    const view = disputeOf(await get(`/api/packages/${pkg.id}/dispute`, sender), 200);
    expect(view).toMatchObject({ status: 'resolved', resolution: 'release_traveler', photosLeft: 0 });
  });
});

describe('private photos', () => {
  it('are served to the parties and admins, never to other members or visitors', async () => {
    const pkg = await disputed();
    const dispute = disputeOf(await addEvidence(pkg.id, sender, undefined, [png]));
    const url = dispute.evidence[0]?.photos[0]?.url ?? '';
    for (const who of [sender, traveler, admin]) {
      const res = await get(url, who);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toContain('private');
    }
    expect((await get(url, stranger)).statusCode).toBe(404);
    expect((await get(url)).statusCode).toBe(401);
    // The key under another package is not this photo.
    const other = await disputed();
    const key = url.split('/').pop();
    expect((await get(`/api/packages/${other.id}/private-photos/${key}`, sender)).statusCode).toBe(404);
    // Nor is it a public package photo.
    expect((await get(`/api/package-photos/${key}`, sender)).statusCode).toBe(404);
  });
});

describe('handover photos', () => {
  const packageOf = (res: { statusCode: number; body: string; json: () => unknown }): Package => {
    expect(res.statusCode, res.body).toBe(200);
    return packageSchema.parse(res.json());
  };

  it('the traveler adds one at pickup (in transit) and one at delivery (delivered); both parties see them', async () => {
    const { pkg, codes } = await pickedUp();
    const travelerView = packageOf(await get(`/api/packages/${pkg.id}`, traveler));
    expect(travelerView.actions).toContain('add_pickup_photo');
    expect((await addHandoff(pkg.id, traveler, 'delivery')).json()).toMatchObject({
      error: { code: 'HANDOFF_PHOTO_NOT_DUE' },
    });
    const afterPickup = packageOf(await addHandoff(pkg.id, traveler, 'pickup'));
    expect(afterPickup.handoffPhotos.map((p) => p.step)).toEqual(['pickup']);
    expect(afterPickup.actions).not.toContain('add_pickup_photo');
    const again = await addHandoff(pkg.id, traveler, 'pickup');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { code: 'HANDOFF_PHOTO_EXISTS' } });

    await call(app, 'POST', `/api/packages/${pkg.id}/deliver`, traveler.cookie, { code: codes.deliveryCode });
    expect((await addHandoff(pkg.id, traveler, 'pickup')).statusCode).toBe(409);
    packageOf(await addHandoff(pkg.id, traveler, 'delivery'));

    const senderView = packageOf(await get(`/api/packages/${pkg.id}`, sender));
    expect(senderView.handoffPhotos.map((p) => p.step)).toEqual(['pickup', 'delivery']);
    expect(senderView.actions).not.toContain('add_pickup_photo');
    const url = senderView.handoffPhotos[0]?.url ?? '';
    expect((await get(url, sender)).statusCode).toBe(200);
    expect((await get(url, stranger)).statusCode).toBe(404);

    // A dispute shows them as evidence.
    await call(app, 'POST', `/api/packages/${pkg.id}/dispute`, sender.cookie, {
      reason: 'damaged',
      details: 'The box arrived crushed on one side.',
    });
    const dispute = disputeOf(await get(`/api/packages/${pkg.id}/dispute`, sender), 200);
    expect(dispute.handoffPhotos.map((p) => p.step)).toEqual(['pickup', 'delivery']);
  });

  it('is the traveler’s only, at its step only, with a valid step and one photo', async () => {
    const { pkg } = await matchedPackage(app, sender, traveler);
    const early = await addHandoff(pkg.id, traveler, 'pickup');
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ error: { code: 'HANDOFF_PHOTO_NOT_DUE' } });
    const picked = await pickedUp();
    const bySender = await addHandoff(picked.pkg.id, sender, 'pickup');
    expect(bySender.statusCode).toBe(403);
    expect(bySender.json()).toMatchObject({ error: { code: 'HANDOFF_PHOTO_TRAVELER_ONLY' } });
    expect((await addHandoff(picked.pkg.id, stranger, 'pickup')).statusCode).toBe(404);
    expect((await addHandoff(picked.pkg.id, traveler, 'midway')).statusCode).toBe(400);
    expect((await addHandoff(picked.pkg.id, traveler, 'pickup', [])).statusCode).toBe(400);
    expect((await addHandoff(picked.pkg.id, traveler, 'pickup', [png, png])).statusCode).toBe(400);
    expect(packageOf(await get(`/api/packages/${picked.pkg.id}`, sender)).handoffPhotos).toEqual([]);
  });
});
