import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '#server/db/schema/audit.ts';
import { systemSettings } from '#server/db/schema/settings.ts';
import { makeAdmin } from '#server/modules/kyc/test/helpers.ts';
import { createTestApp } from '#server/test/app.ts';
import { signUpVerified } from '#server/test/users.ts';
import type { AdminSettings } from '#shared/admin-settings.ts';
import { defaultSettings } from '#shared/settings.ts';

// Administrators read and change the system settings (docs/product.md §10): each change is checked
// alone and with the rest, written with one audit row per setting, and in force from the next request.

let app: FastifyInstance;
let admin: { id: string; cookie: string };
let member: { id: string; cookie: string };

beforeAll(async () => {
  app = await createTestApp();
  await app.ready();
  admin = await signUpVerified(app, 'settings-admin@example.test', 'Ada Admin');
  await makeAdmin(app, admin.id);
  member = await signUpVerified(app, 'settings-member@example.test', 'Sam Sender');
});
afterAll(() => app.close());
// The audit log is append-only: each test reads the rows written since it began.
let earlier = new Set<string>();
beforeEach(async () => {
  await app.database.db.delete(systemSettings);
  earlier = new Set((await allSettingAudit()).map((row) => row.id));
});

const change = (payload: unknown, cookie = admin.cookie) =>
  app.inject({ method: 'PATCH', url: '/api/admin/settings', headers: { cookie }, payload: payload as object });
const allSettingAudit = () =>
  app.database.db.select().from(auditLog).where(eq(auditLog.subjectType, 'setting')).orderBy(auditLog.createdAt);
const settingAudit = async () => (await allSettingAudit()).filter((row) => !earlier.has(row.id));

describe('GET /api/admin/settings', () => {
  it('answers every setting in force, the defaults, and no change while none was made', async () => {
    const res = await app.inject({ url: '/api/admin/settings', headers: { cookie: admin.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ values: defaultSettings, defaults: defaultSettings, changes: [] });
  });

  it('is for administrators only', async () => {
    const res = await app.inject({ url: '/api/admin/settings', headers: { cookie: member.cookie } });
    expect(res.statusCode).toBe(403);
    expect((await change({ values: { feePercent: 50 }, reason: 'Mine now' }, member.cookie)).statusCode).toBe(403);
  });
});

describe('PATCH /api/admin/settings', () => {
  it('changes a setting at once for the next package, records who and when, and audits it with the reason', async () => {
    const res = await change({ values: { feePercent: 15, feeMinimum: 100 }, reason: '  New pricing from June  ' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as AdminSettings;
    expect(body.values.feePercent).toBe(15);
    // feeMinimum was given at the value in force: no change, no row, no audit.
    expect(body.changes).toEqual([
      { key: 'feePercent', at: expect.any(String), by: { id: admin.id, name: 'Ada Admin' } },
    ]);
    expect(await settingAudit()).toMatchObject([
      {
        actorId: admin.id,
        action: 'setting.change',
        subjectId: 'feePercent',
        before: { value: 10 },
        after: { value: 15 },
        reason: 'New pricing from June',
      },
    ]);

    const created = await app.inject({
      method: 'POST',
      url: '/api/packages',
      headers: { cookie: member.cookie },
      payload: { title: 'Tea for a friend', reward: 2000 },
    });
    expect(created.json()).toMatchObject({ reward: 2000, fee: 300 });
    expect((await app.inject('/api/settings/public')).json().feePercent).toBe(15);
  });

  it('shows the maintenance notice to everyone once switched on with its text', async () => {
    const res = await change({
      values: { maintenanceOn: true, maintenanceText: 'Payments pause tonight 22:00–23:00 UTC.' },
      reason: 'Provider maintenance',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await app.inject('/api/settings/public')).json()).toMatchObject({
      maintenanceOn: true,
      maintenanceText: 'Payments pause tonight 22:00–23:00 UTC.',
    });
    expect((await settingAudit()).map((row) => row.subjectId).sort()).toEqual(['maintenanceOn', 'maintenanceText']);
  });

  it('refuses settings that contradict the rest, naming the setting, and writes nothing', async () => {
    await change({ values: { rewardMax: 50_000 }, reason: 'Cap rewards' });
    const before = await settingAudit();
    for (const [values, field] of [
      [{ rewardMin: 60_000 }, 'values.rewardMax'],
      [{ weightMinGrams: 500, weightMaxGrams: 400 }, 'values.weightMaxGrams'],
      [{ matchRadiusKm: 400 }, 'values.matchRadiusMaxKm'],
      [{ maintenanceOn: true }, 'values.maintenanceText'],
    ] as const) {
      const res = await change({ values, reason: 'Try it' });
      expect(res.statusCode, JSON.stringify(values)).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { [field]: [expect.any(String)] } });
    }
    expect(await settingAudit()).toEqual(before);
    expect((await app.settings.current()).rewardMin).toBe(defaultSettings.rewardMin);
  });

  it('refuses bad input with field errors: an unknown or ill-typed setting, nothing to change, no reason', async () => {
    for (const [payload, field] of [
      [{ values: { colour: 'blue' }, reason: 'Paint it' }, 'values'],
      [{ values: { feePercent: 'ten' }, reason: 'Pricing' }, 'values.feePercent'],
      [{ values: { feePercent: 101 }, reason: 'Pricing' }, 'values.feePercent'],
      [{ values: {}, reason: 'Nothing' }, 'values'],
      [{ values: { feePercent: 12 } }, 'reason'],
      [{ values: { maintenanceText: 'x'.repeat(301) }, reason: 'Long notice' }, 'values.maintenanceText'],
    ] as const) {
      const res = await change(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json().error.fields ?? {})).toContain(field);
    }
    expect(await settingAudit()).toEqual([]);
    expect(await app.database.db.select().from(systemSettings)).toEqual([]);
  });

  it('serializes concurrent changes: each audit row says what it really replaced', async () => {
    const results = await Promise.all(
      [11, 12, 13, 14].map((feePercent) => change({ values: { feePercent }, reason: `Try ${feePercent}` })),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const rows = await settingAudit();
    expect(rows).toHaveLength(4);
    // Followed from the default, each row's "before" is the previous row's "after": one chain, no fork.
    const next = new Map(
      rows.map((r) => [(r.before as { value: number }).value, (r.after as { value: number }).value]),
    );
    expect(next.size).toBe(4);
    let value = 10;
    for (let i = 0; i < 4; i++) value = next.get(value) ?? Number.NaN;
    expect([11, 12, 13, 14]).toContain(value);
    expect((await app.settings.current()).feePercent).toBe(value);
  });
});
