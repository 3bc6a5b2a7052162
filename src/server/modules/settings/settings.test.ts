import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { systemSettings } from '#server/db/schema/settings.ts';
import { createTestApp } from '#server/test/app.ts';
import { signUpVerified } from '#server/test/users.ts';
import { defaultSettings, publicSettingsSchema } from '#shared/settings.ts';
import { createSettingsStore } from './service.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
  await app.ready();
});
afterAll(() => app.close());
beforeEach(async () => {
  await app.database.db.delete(systemSettings);
});

const store = (key: string, value: unknown) => app.database.db.insert(systemSettings).values({ key, value });
const spyLog = () => ({ warn: vi.fn() });
const read = (log: ReturnType<typeof spyLog>) => createSettingsStore({ db: app.database.db, log }).current();

describe('the settings store', () => {
  it('is the documented defaults when nothing is stored', async () => {
    const log = spyLog();
    expect(await read(log)).toEqual(defaultSettings);
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('lays each stored row over the defaults', async () => {
    await store('feePercent', 12.5);
    await store('prohibitedWords', ['fireworks']);
    const settings = await read(spyLog());
    expect(settings).toEqual({ ...defaultSettings, feePercent: 12.5, prohibitedWords: ['fireworks'] });
  });

  it('ignores an invalid stored value with a warning, keeping the default and the valid rows', async () => {
    await store('feePercent', 'ten');
    await store('maxPhotos', 999);
    await store('rewardMin', 700);
    const log = spyLog();
    const settings = await read(log);
    expect(settings.feePercent).toBe(defaultSettings.feePercent);
    expect(settings.maxPhotos).toBe(defaultSettings.maxPhotos);
    expect(settings.rewardMin).toBe(700);
    const warned = log.warn.mock.calls.map(([details]) => (details as { key: string }).key);
    expect(warned.sort()).toEqual(['feePercent', 'maxPhotos']);
  });

  it('ignores unknown keys and pairs that contradict each other, with warnings', async () => {
    await store('colour', 'blue');
    await store('rewardMin', 5000);
    await store('rewardMax', 4000);
    const log = spyLog();
    const settings = await read(log);
    expect(settings).toEqual(defaultSettings);
    expect(settings).not.toHaveProperty('colour');
    expect(log.warn).toHaveBeenCalledTimes(2);
  });
});

describe("the app's settings", () => {
  it('are read through its one store: each read warns of a bad row on the app logger, and sees a change', async () => {
    const warn = vi.spyOn(app.log, 'warn');
    try {
      const member = await signUpVerified(app, 'settings-store@example.test');
      await store('maxPhotos', 999);
      const created = await app.inject({
        method: 'POST',
        url: '/api/packages',
        headers: { cookie: member.cookie },
        payload: { title: 'Tea for a friend', reward: 2000 },
      });
      expect(created.json()).toMatchObject({ reward: 2000, fee: 200 });
      const id = created.json().id as string;
      const warnedOfMaxPhotos = () =>
        warn.mock.calls.filter(([details]) => (details as { key?: string }).key === 'maxPhotos').length;
      expect(warnedOfMaxPhotos()).toBe(1);

      await app.database.db.update(systemSettings).set({ value: 20 }).where(eq(systemSettings.key, 'maxPhotos'));
      await store('feePercent', 15);
      const read = (await app.inject({ url: `/api/packages/${id}`, headers: { cookie: member.cookie } })).json();
      expect(read).toMatchObject({ reward: 2000, fee: 300, total: 2300 });
      expect(warnedOfMaxPhotos()).toBe(1);
      expect(await app.settings.current()).toMatchObject({ maxPhotos: 20, feePercent: 15 });

      await store('feeMinimum', -5);
      expect((await app.inject('/api/settings/public')).json().feeMinimum).toBe(defaultSettings.feeMinimum);
      const warnedOfFeeMinimum = warn.mock.calls.filter(
        ([details]) => (details as { key?: string }).key === 'feeMinimum',
      );
      expect(warnedOfFeeMinimum).toHaveLength(1);
    } finally {
      warn.mockRestore();
    }
  });
});

describe('GET /api/settings/public', () => {
  it('needs no sign-in and shows only the public fields', async () => {
    const res = await app.inject('/api/settings/public');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(publicSettingsSchema.strict().parse(body)).toEqual(publicSettingsSchema.parse(defaultSettings));
    expect(body).not.toHaveProperty('autoCompleteDays');
  });

  it('reflects a stored change, and a bad row does not break it', async () => {
    await store('rewardMin', 1000);
    await store('feeMinimum', -5);
    const body = (await app.inject('/api/settings/public')).json();
    expect(body.rewardMin).toBe(1000);
    expect(body.feeMinimum).toBe(defaultSettings.feeMinimum);
  });

  it('feeds the package rules and prices: a raised minimum refuses a reward the default allows', async () => {
    await store('rewardMin', 1000);
    await store('feePercent', 20);
    const member = await signUpVerified(app, 'settings-sender@example.test');
    const refused = await app.inject({
      method: 'POST',
      url: '/api/packages',
      headers: { cookie: member.cookie },
      payload: { title: 'Books for a friend', reward: 800 },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.reward[0]).toContain('10.00');
    const created = await app.inject({
      method: 'POST',
      url: '/api/packages',
      headers: { cookie: member.cookie },
      payload: { title: 'Books for a friend', reward: 2000 },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ reward: 2000, fee: 400, total: 2400 });
  });
});
