import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '#server/test/app.ts';
import { signUpVerified } from '#server/test/users.ts';
import { AppError } from '#shared/errors.ts';
import { type PackageStatus, packageStatuses } from '#shared/package-status.ts';
import { createDraft, setPackageStatus, storedRow } from './test/helpers.ts';
import { canTransition, packageTransitions, transitionPackage } from './transitions.ts';

// The lifecycle of docs/product.md §2, written out once more by hand, pair by pair: the table in
// transitions.ts must allow these moves and no others.
const lifecycle: [PackageStatus, PackageStatus][] = [
  ['draft', 'open'],
  ['open', 'matched'],
  ['matched', 'in_transit'],
  ['in_transit', 'delivered'],
  ['delivered', 'completed'],
  ['draft', 'cancelled'],
  ['open', 'cancelled'],
  ['matched', 'cancelled'],
  ['open', 'expired'],
  // The traveler withdraws before pickup; an administrator cancels after it.
  ['matched', 'open'],
  ['in_transit', 'cancelled'],
  ['delivered', 'cancelled'],
  ['in_transit', 'disputed'],
  ['delivered', 'disputed'],
  ['disputed', 'completed'],
  ['disputed', 'refunded'],
];

describe('the transition table', () => {
  it('allows exactly the moves of docs/product.md §2', () => {
    for (const from of packageStatuses) {
      for (const to of packageStatuses) {
        const expected = lifecycle.some(([f, t]) => f === from && t === to);
        expect(canTransition(from, to), `${from} → ${to}`).toBe(expected);
      }
    }
  });

  it('has final statuses with no way out', () => {
    for (const status of ['completed', 'cancelled', 'expired', 'refunded'] as const) {
      expect(packageTransitions[status]).toEqual([]);
    }
  });
});

describe('transitionPackage', () => {
  let app: FastifyInstance;
  let sender: { cookie: string; id: string };
  beforeAll(async () => {
    app = await createTestApp();
    await app.ready();
    sender = await signUpVerified(app, 'lifecycle@example.test', 'Life Cycle');
  });
  afterAll(() => app.close());

  const move = (packageId: string, to: PackageStatus, note: string | null = null) =>
    app.database.db.transaction((tx) => transitionPackage(tx, { packageId, to, actorId: sender.id, note }));

  it('walks the happy path, stamping the publication and writing each step on the timeline', async () => {
    const draft = await createDraft(app, sender.cookie);
    const path: PackageStatus[] = ['open', 'matched', 'in_transit', 'delivered', 'completed'];
    for (const to of path) {
      const row = await move(draft.id, to, `to ${to}`);
      expect(row.status).toBe(to);
    }
    const row = await storedRow(app, draft.id);
    expect(row?.publishedAt).toBeInstanceOf(Date);
    const view = (await app.inject({ url: `/api/packages/${draft.id}`, headers: { cookie: sender.cookie } })).json();
    expect(view.timeline.map((e: { fromStatus: string; toStatus: string }) => `${e.fromStatus}→${e.toStatus}`)).toEqual(
      ['null→draft', 'draft→open', 'open→matched', 'matched→in_transit', 'in_transit→delivered', 'delivered→completed'],
    );
    expect(view.timeline.at(-1)).toMatchObject({ note: 'to completed', actor: { id: sender.id } });
  });

  it.each([
    ['draft', 'delivered'],
    ['open', 'draft'],
    ['completed', 'cancelled'],
    ['cancelled', 'open'],
    ['disputed', 'cancelled'],
    ['in_transit', 'open'],
  ] as [PackageStatus, PackageStatus][])('refuses %s → %s and changes nothing', async (from, to) => {
    const draft = await createDraft(app, sender.cookie);
    await setPackageStatus(app, draft.id, from);
    const before = await storedRow(app, draft.id);
    const attempt = move(draft.id, to);
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({ code: 'PACKAGE_STATUS_CHANGED' });
    expect(await storedRow(app, draft.id)).toEqual(before);
  });

  it('refuses a package that does not exist', async () => {
    await expect(move('00000000-0000-4000-8000-000000000000', 'open')).rejects.toMatchObject({
      code: 'PACKAGE_NOT_FOUND',
    });
  });
});
