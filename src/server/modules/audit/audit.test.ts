import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#server/db/schema/audit.ts';
import { user } from '#server/db/schema/auth.ts';
import { makeAdmin } from '#server/modules/kyc/test/helpers.ts';
import { createTestApp } from '#server/test/app.ts';
import { signUpVerified } from '#server/test/users.ts';
import { type AuditEntry, auditPageSchema } from '#shared/audit.ts';
import { apiErrorSchema } from '#shared/errors.ts';
import { recordAudit } from './service.ts';

// The audit log (docs/product.md §8, ADR 0043): written in the caller's transaction, refused any change
// by the database, and read by admins a page at a time.

let app: FastifyInstance;
let ada: { cookie: string; id: string };
let alex: { cookie: string; id: string };
let member: { cookie: string; id: string };

beforeAll(async () => {
  app = await createTestApp();
  await app.ready();
  ada = await signUpVerified(app, 'audit-ada@example.test', 'Ada Admin');
  alex = await signUpVerified(app, 'audit-alex@example.test', 'Alex Admin');
  member = await signUpVerified(app, 'audit-member@example.test', 'Mo Member');
  await makeAdmin(app, ada.id);
  await makeAdmin(app, alex.id);
});
afterAll(() => app.close());

const rowsAbout = (subjectId: string) =>
  app.database.db.select().from(auditLog).where(eq(auditLog.subjectId, subjectId));

/** The database's own words: drizzle wraps them in a "Failed query" error. */
async function refusal(attempt: Promise<unknown>): Promise<string> {
  try {
    await attempt;
  } catch (err) {
    const cause = (err as { cause?: { message?: string } }).cause;
    return cause?.message ?? (err as Error).message;
  }
  throw new Error('the statement was not refused');
}

const list = (query: string, cookie = ada.cookie) =>
  app.inject({ url: `/api/admin/audit${query}`, headers: cookie ? { cookie } : {} });

describe('recordAudit', () => {
  it('writes in the caller’s transaction, and is rolled back with it', async () => {
    const kept = crypto.randomUUID();
    const dropped = crypto.randomUUID();
    await app.database.db.transaction((tx) =>
      recordAudit(tx, {
        actorId: ada.id,
        action: 'member.ban',
        subject: { type: 'user', id: kept },
        before: { banned: false },
        after: { banned: true },
        reason: 'Spam',
      }),
    );
    await expect(
      app.database.db.transaction(async (tx) => {
        await recordAudit(tx, { actorId: ada.id, action: 'member.ban', subject: { type: 'user', id: dropped } });
        throw new Error('the change failed after its audit row');
      }),
    ).rejects.toThrow('the change failed');
    expect(await rowsAbout(kept)).toMatchObject([
      { actorId: ada.id, action: 'member.ban', subjectType: 'user', reason: 'Spam', after: { banned: true } },
    ]);
    expect(await rowsAbout(dropped)).toEqual([]);
  });
});

describe('the audit_log table', () => {
  it('refuses UPDATE, DELETE and TRUNCATE, whatever the statement', async () => {
    const subject = crypto.randomUUID();
    await app.database.db.transaction((tx) =>
      recordAudit(tx, {
        actorId: ada.id,
        action: 'member.unban',
        subject: { type: 'user', id: subject },
        reason: 'ok',
      }),
    );
    const db = app.database.db;
    expect(
      await refusal(db.update(auditLog).set({ reason: 'rewritten' }).where(eq(auditLog.subjectId, subject))),
    ).toMatch(/append-only: UPDATE refused/);
    expect(await refusal(db.delete(auditLog).where(eq(auditLog.subjectId, subject)))).toMatch(
      /append-only: DELETE refused/,
    );
    expect(await refusal(db.execute(sql`TRUNCATE audit_log`))).toMatch(/append-only: TRUNCATE refused/);
    // Even a statement that would touch no row.
    expect(await refusal(db.delete(auditLog).where(sql`false`))).toMatch(/append-only/);
    expect(await rowsAbout(subject)).toMatchObject([{ reason: 'ok' }]);
  });

  it('keeps its actors: deleting an admin who acted is refused rather than rewriting the log', async () => {
    const subject = crypto.randomUUID();
    const [temp] = await app.database.db
      .insert(user)
      .values({ name: 'Short-lived', email: 'audit-temp@example.test' })
      .returning({ id: user.id });
    const tempId = temp?.id as string;
    await app.database.db.transaction((tx) =>
      recordAudit(tx, { actorId: tempId, action: 'member.role', subject: { type: 'user', id: subject } }),
    );
    expect(await refusal(app.database.db.delete(user).where(eq(user.id, tempId)))).toMatch(/foreign key/);
    expect(await rowsAbout(subject)).toMatchObject([{ actorId: tempId }]);
  });
});

describe('GET /api/admin/audit', () => {
  // Rows of their own period (2020), so the other tests' rows never enter these pages.
  const at = (minute: number) => new Date(Date.UTC(2020, 0, 1, 12, minute));
  const subject = crypto.randomUUID();
  let expected: { id: string; action: string; actorId: string; subjectId: string; at: Date }[];

  beforeAll(async () => {
    const specs = [
      { actorId: ada.id, action: 'payment.refund', subject: { type: 'payment', id: subject }, at: at(0) },
      { actorId: alex.id, action: 'package.cancel', subject: { type: 'package', id: crypto.randomUUID() }, at: at(1) },
      // Three at the same microsecond: the id decides their order, and paging must not split them badly.
      { actorId: ada.id, action: 'payment.refund', subject: { type: 'payment', id: subject }, at: at(2) },
      { actorId: alex.id, action: 'member.ban', subject: { type: 'user', id: member.id }, at: at(2) },
      { actorId: ada.id, action: 'member.unban', subject: { type: 'user', id: member.id }, at: at(2) },
      { actorId: alex.id, action: 'payment.refund', subject: { type: 'payment', id: subject }, at: at(3) },
      { actorId: ada.id, action: 'request.withdraw', subject: { type: 'request', id: crypto.randomUUID() }, at: at(4) },
    ] as const;
    await app.database.db.transaction(async (tx) => {
      for (const spec of specs)
        await recordAudit(tx, { ...spec, reason: 'test', data: { minute: spec.at.getUTCMinutes() } });
    });
    const rows = await app.database.db.select().from(auditLog).where(sql`${auditLog.createdAt} < '2021-01-01'`);
    expected = rows
      .map((r) => ({
        id: r.id,
        action: r.action,
        actorId: r.actorId as string,
        subjectId: r.subjectId,
        at: r.createdAt,
      }))
      .sort((a, b) => b.at.getTime() - a.at.getTime() || (a.id < b.id ? 1 : -1));
    expect(expected).toHaveLength(specs.length);
  });

  async function allPages(query: string, limit: number): Promise<AuditEntry[]> {
    const seen: AuditEntry[] = [];
    const totals = new Set<string>();
    let cursor: string | null = null;
    for (let pages = 0; pages < 20; pages++) {
      const res = await list(`?${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      const page = auditPageSchema.parse(res.json());
      expect(page.items.length).toBeLessThanOrEqual(limit);
      totals.add(JSON.stringify(page.total));
      seen.push(...page.items);
      cursor = page.nextCursor;
      if (!cursor) {
        // Every page states the whole filtered list's size, whatever page it is.
        expect([...totals]).toEqual([JSON.stringify({ count: seen.length, estimated: false })]);
        return seen;
      }
    }
    throw new Error('more pages than rows');
  }

  it('pages newest first with the cursor, without gaps or repeats, the actor named', async () => {
    for (const limit of [1, 2, 3, 7]) {
      const items = await allPages('from=2020-01-01&to=2020-12-31', limit);
      expect(items.map((i) => i.id)).toEqual(expected.map((e) => e.id));
    }
    const [first] = await allPages('from=2020-01-01&to=2020-12-31', 7);
    expect(first).toMatchObject({
      action: 'request.withdraw',
      actor: { id: ada.id, name: 'Ada Admin', email: 'audit-ada@example.test' },
      reason: 'test',
      before: null,
      data: { minute: 4 },
    });
  });

  it('filters by actor, action, subject and period', async () => {
    const period = 'from=2020-01-01&to=2020-12-31';
    const ids = async (query: string) => (await allPages(`${period}&${query}`, 2)).map((i) => i.id);
    const where = (keep: (e: (typeof expected)[number]) => boolean) => expected.filter(keep).map((e) => e.id);

    expect(await ids(`actorId=${alex.id}`)).toEqual(where((e) => e.actorId === alex.id));
    expect(await ids('action=payment.refund')).toEqual(where((e) => e.action === 'payment.refund'));
    // A record's timeline.
    expect(await ids(`subjectType=payment&subjectId=${subject}`)).toEqual(where((e) => e.subjectId === subject));
    expect(await ids(`subjectType=user&subjectId=${member.id}&actorId=${ada.id}`)).toEqual(
      where((e) => e.subjectId === member.id && e.actorId === ada.id),
    );
    const window = await allPages('from=2020-01-01T12:01:00Z&to=2020-01-01T12:03:00Z', 10);
    expect(window.map((i) => i.id)).toEqual(where((e) => e.at >= at(1) && e.at < at(3)));
  });

  it('refuses filters it cannot read, with the field named', async () => {
    for (const [query, field] of [
      [`?subjectId=${subject}`, 'subjectType'],
      ['?action=payment.steal', 'action'],
      ['?actorId=nobody', 'actorId'],
      ['?from=2020-02-01&to=2020-01-01', 'to'],
      ['?cursor=not-a-cursor', 'cursor'],
    ] as const) {
      const res = await list(query);
      expect(res.statusCode, query).toBe(400);
      expect(apiErrorSchema.parse(res.json()).error.fields, query).toHaveProperty(field);
    }
  });

  it('is for administrators only: a visitor gets 401, a member 403', async () => {
    expect((await list('', '')).statusCode).toBe(401);
    const res = await list('', member.cookie);
    expect(res.statusCode).toBe(403);
    expect(apiErrorSchema.parse(res.json()).error.code).toBe('ADMIN_ONLY');
  });
});
