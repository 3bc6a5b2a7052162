import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { travelPlans } from '#server/db/schema/travel-plans.ts';
import { makeAdmin } from '#server/modules/kyc/test/helpers.ts';
import { berlin, call, inDays, lyon, paris } from '#server/modules/packages/test/helpers.ts';
import { createTestApp } from '#server/test/app.ts';
import { signUpVerified } from '#server/test/users.ts';
import {
  type CreateTravelPlan,
  type TravelPlan,
  travelPlanPageSchema,
  travelPlanSchema,
} from '#shared/travel-plans.ts';

/** A refusal's status and catalog code, to assert both at once. */
const refusal = (res: { statusCode: number; json: () => unknown }) => ({
  status: res.statusCode,
  code: (res.json() as { error?: { code?: string } }).error?.code,
});

let app: FastifyInstance;
let owner: { cookie: string; id: string };
let other: { cookie: string; id: string };
let admin: { cookie: string; id: string };

beforeAll(async () => {
  app = await createTestApp();
  await app.ready();
  owner = await signUpVerified(app, 'tess@example.test', 'Tess Trip');
  other = await signUpVerified(app, 'otto@example.test', 'Otto Other');
  admin = await signUpVerified(app, 'ada@example.test', 'Ada Admin');
  await makeAdmin(app, admin.id);
});
afterAll(() => app.close());

const trip = (overrides: Partial<CreateTravelPlan> = {}): CreateTravelPlan => ({
  origin: paris,
  destination: berlin,
  departureAt: inDays(5),
  arrivalAt: inDays(5.3),
  transport: 'train',
  capacityKg: 5,
  notes: 'Window seat',
  ...overrides,
});

async function create(cookie: string, body: CreateTravelPlan = trip()) {
  const res = await call(app, 'POST', '/api/travel-plans', cookie, body);
  expect(res.statusCode, res.body).toBe(201);
  return travelPlanSchema.parse(res.json());
}

const planCount = async () => (await app.database.db.select({ n: count() }).from(travelPlans))[0]?.n;
const storedPlan = async (id: string) =>
  (await app.database.db.select().from(travelPlans).where(eq(travelPlans.id, id)))[0];

describe('bad input is refused with the field named, and nothing is stored', () => {
  let plan: TravelPlan;
  beforeAll(async () => {
    plan = await create(owner.cookie);
  });

  const bad: [string, Partial<CreateTravelPlan>, string][] = [
    ['latitude 91', { origin: { ...paris, lat: 91 } }, 'origin.lat'],
    ['longitude −181', { destination: { ...berlin, lng: -181 } }, 'destination.lng'],
    ['capacity 0', { capacityKg: 0 }, 'capacityKg'],
    ['capacity above 100 kg', { capacityKg: 101 }, 'capacityKg'],
    ['departure in the past', { departureAt: inDays(-1), arrivalAt: inDays(1) }, 'departureAt'],
    ['arrival before departure', { departureAt: inDays(5), arrivalAt: inDays(4) }, 'arrivalAt'],
    ['origin = destination', { destination: { ...paris, address: 'Gare de Lyon' } }, 'destination'],
    ['an unknown transport', { transport: 'rocket' as never }, 'transport'],
    ['a bad date', { departureAt: 'tomorrow' }, 'departureAt'],
  ];

  it.each(bad)('POST: %s', async (_name, change, field) => {
    const before = await planCount();
    const res = await call(app, 'POST', '/api/travel-plans', owner.cookie, trip(change));
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toEqual([field]);
    expect(await planCount()).toBe(before);
  });

  it.each(bad)('PATCH: %s', async (_name, change, field) => {
    const before = await storedPlan(plan.id);
    const res = await call(app, 'PATCH', `/api/travel-plans/${plan.id}`, owner.cookie, change);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toEqual([field]);
    expect(await storedPlan(plan.id)).toEqual(before);
  });

  it('POST: a missing field, and an unknown one', async () => {
    const { capacityKg: _, ...withoutCapacity } = trip();
    const missing = await call(app, 'POST', '/api/travel-plans', owner.cookie, withoutCapacity);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toHaveProperty('capacityKg');
    const unknown = await call(app, 'POST', '/api/travel-plans', owner.cookie, { ...trip(), seats: 2 });
    expect(unknown.statusCode).toBe(400);
  });

  it('PATCH: a change is checked with the stored dates (arrival before the saved departure)', async () => {
    const res = await call(app, 'PATCH', `/api/travel-plans/${plan.id}`, owner.cookie, { arrivalAt: inDays(4) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ arrivalAt: ['The arrival cannot be before the departure'] });
  });

  it('PATCH: capacity cannot drop below what accepted requests reserved', async () => {
    await app.database.db.update(travelPlans).set({ reservedGrams: 3000 }).where(eq(travelPlans.id, plan.id));
    const res = await call(app, 'PATCH', `/api/travel-plans/${plan.id}`, owner.cookie, { capacityKg: 2 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.capacityKg[0]).toMatch(/3 kg/);
    await app.database.db.update(travelPlans).set({ reservedGrams: 0 }).where(eq(travelPlans.id, plan.id));
  });
});

describe('who may do what', () => {
  let active: TravelPlan;
  let cancelled: TravelPlan;
  beforeAll(async () => {
    active = await create(owner.cookie);
    cancelled = await create(owner.cookie, trip({ origin: lyon }));
    expect((await call(app, 'POST', `/api/travel-plans/${cancelled.id}/cancel`, owner.cookie)).statusCode).toBe(200);
  });

  it('a visitor is refused by every endpoint with 401', async () => {
    const requests = [
      call(app, 'POST', '/api/travel-plans', undefined, trip()),
      call(app, 'GET', '/api/travel-plans'),
      call(app, 'GET', `/api/travel-plans/${active.id}`),
      call(app, 'PATCH', `/api/travel-plans/${active.id}`, undefined, { notes: 'x' }),
      call(app, 'POST', `/api/travel-plans/${active.id}/cancel`),
    ];
    for (const res of await Promise.all(requests)) expect(res.statusCode).toBe(401);
  });

  it("another member reads an active plan's cities, not its addresses, and it is not theirs", async () => {
    const res = await call(app, 'GET', `/api/travel-plans/${active.id}`, other.cookie);
    expect(res.statusCode).toBe(200);
    const body = travelPlanSchema.parse(res.json());
    expect(body.mine).toBe(false);
    expect(body.origin).not.toHaveProperty('address');
    expect(body.destination).not.toHaveProperty('address');
    expect(res.body).not.toContain(paris.address);
    expect(body.traveler).toEqual({ id: owner.id, name: 'Tess Trip', image: null });
  });

  it('another member cannot find a cancelled plan (404)', async () => {
    const res = await call(app, 'GET', `/api/travel-plans/${cancelled.id}`, other.cookie);
    expect(res.statusCode).toBe(404);
  });

  it('another member cannot edit or cancel an active plan (403) nor a cancelled one (404)', async () => {
    const before = await storedPlan(active.id);
    const edit = await call(app, 'PATCH', `/api/travel-plans/${active.id}`, other.cookie, { capacityKg: 50 });
    expect(refusal(edit)).toEqual({ status: 403, code: 'TRAVEL_PLAN_TRAVELER_ONLY' });
    const cancel = await call(app, 'POST', `/api/travel-plans/${active.id}/cancel`, other.cookie);
    expect(cancel.statusCode).toBe(403);
    expect(await storedPlan(active.id)).toEqual(before);
    expect(
      (await call(app, 'PATCH', `/api/travel-plans/${cancelled.id}`, other.cookie, { notes: 'x' })).statusCode,
    ).toBe(404);
    expect((await call(app, 'POST', `/api/travel-plans/${cancelled.id}/cancel`, other.cookie)).statusCode).toBe(404);
  });

  it("another member's list never shows someone else's plans", async () => {
    const page = travelPlanPageSchema.parse((await call(app, 'GET', '/api/travel-plans', other.cookie)).json());
    expect(page.items).toEqual([]);
  });

  it('an admin reads everything, even a cancelled plan, but cannot edit it', async () => {
    const res = await call(app, 'GET', `/api/travel-plans/${cancelled.id}`, admin.cookie);
    expect(res.statusCode).toBe(200);
    const body = travelPlanSchema.parse(res.json());
    expect(body).toMatchObject({ status: 'cancelled', mine: false, destination: berlin });
    expect((await call(app, 'PATCH', `/api/travel-plans/${active.id}`, admin.cookie, { notes: 'x' })).statusCode).toBe(
      403,
    );
  });

  it('the owner cannot change a cancelled plan (409)', async () => {
    expect(
      (await call(app, 'PATCH', `/api/travel-plans/${cancelled.id}`, owner.cookie, { notes: 'x' })).statusCode,
    ).toBe(409);
    expect(refusal(await call(app, 'POST', `/api/travel-plans/${cancelled.id}/cancel`, owner.cookie))).toEqual({
      status: 409,
      code: 'TRAVEL_PLAN_NOT_ACTIVE',
    });
  });

  it('a malformed id is 400, an unknown one 404', async () => {
    expect((await call(app, 'GET', '/api/travel-plans/nope', owner.cookie)).statusCode).toBe(400);
    expect(refusal(await call(app, 'GET', `/api/travel-plans/${randomUUID()}`, owner.cookie))).toEqual({
      status: 404,
      code: 'TRAVEL_PLAN_NOT_FOUND',
    });
    expect((await call(app, 'POST', `/api/travel-plans/${randomUUID()}/cancel`, owner.cookie)).statusCode).toBe(404);
  });
});

describe("a traveler's own plans", () => {
  let traveler: { cookie: string; id: string };
  beforeAll(async () => {
    traveler = await signUpVerified(app, 'flow-traveler@example.test', 'Flow Traveler');
  });

  it('create, read, edit, list by soonest departure with paging, cancel', async () => {
    const created = await create(
      traveler.cookie,
      trip({ capacityKg: 7.5, departureAt: inDays(9), arrivalAt: inDays(9.5) }),
    );
    expect(created).toMatchObject({
      status: 'active',
      mine: true,
      capacityKg: 7.5,
      freeCapacityKg: 7.5,
      origin: paris,
      destination: berlin,
      notes: 'Window seat',
      transport: 'train',
      traveler: { id: traveler.id, name: 'Flow Traveler' },
    });
    expect((await storedPlan(created.id))?.capacityGrams).toBe(7500);

    const edited = travelPlanSchema.parse(
      (
        await call(app, 'PATCH', `/api/travel-plans/${created.id}`, traveler.cookie, {
          transport: 'car',
          notes: '',
          destination: lyon,
        })
      ).json(),
    );
    expect(edited).toMatchObject({ transport: 'car', notes: null, destination: lyon, origin: paris });

    await app.database.db.update(travelPlans).set({ reservedGrams: 2500 }).where(eq(travelPlans.id, created.id));
    const read = travelPlanSchema.parse(
      (await call(app, 'GET', `/api/travel-plans/${created.id}`, traveler.cookie)).json(),
    );
    expect(read.freeCapacityKg).toBe(5);
    const refused = await call(app, 'POST', `/api/travel-plans/${created.id}/cancel`, traveler.cookie);
    expect(refusal(refused)).toEqual({ status: 409, code: 'TRAVEL_PLAN_HAS_ACCEPTED_PACKAGES' });
    await app.database.db.update(travelPlans).set({ reservedGrams: 0 }).where(eq(travelPlans.id, created.id));

    for (const days of [3, 12, 6]) {
      await create(traveler.cookie, trip({ departureAt: inDays(days), arrivalAt: inDays(days + 1) }));
    }
    const departures: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `/api/travel-plans?status=active&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = travelPlanPageSchema.parse((await call(app, 'GET', query, traveler.cookie)).json());
      expect(page.items.length).toBeLessThanOrEqual(2);
      departures.push(...page.items.map((p) => p.departureAt));
      cursor = page.nextCursor;
    } while (cursor);
    expect(departures).toHaveLength(4);
    expect([...departures].sort()).toEqual(departures);

    const cancelled = await call(app, 'POST', `/api/travel-plans/${created.id}/cancel`, traveler.cookie);
    expect(cancelled.statusCode).toBe(200);
    expect(travelPlanSchema.parse(cancelled.json()).status).toBe('cancelled');
    const active = travelPlanPageSchema.parse(
      (await call(app, 'GET', '/api/travel-plans?status=active', traveler.cookie)).json(),
    );
    expect(active.items.map((p) => p.id)).not.toContain(created.id);
    const closed = travelPlanPageSchema.parse(
      (await call(app, 'GET', '/api/travel-plans?status=cancelled', traveler.cookie)).json(),
    );
    expect(closed.items.map((p) => p.id)).toEqual([created.id]);
    const all = travelPlanPageSchema.parse((await call(app, 'GET', '/api/travel-plans', traveler.cookie)).json());
    expect(all.items).toHaveLength(4);
    // The whole list: latest departure first.
    expect(all.items.map((p) => p.departureAt)).toEqual([...all.items.map((p) => p.departureAt)].sort().reverse());
  });

  it('refuses a forged cursor and an unknown status', async () => {
    expect((await call(app, 'GET', '/api/travel-plans?cursor=abc', traveler.cookie)).statusCode).toBe(400);
    expect((await call(app, 'GET', '/api/travel-plans?status=done', traveler.cookie)).statusCode).toBe(400);
  });

  it('two cancels at once: one succeeds, the other finds it cancelled', async () => {
    const plan = await create(traveler.cookie);
    const results = await Promise.all([
      call(app, 'POST', `/api/travel-plans/${plan.id}/cancel`, traveler.cookie),
      call(app, 'POST', `/api/travel-plans/${plan.id}/cancel`, traveler.cookie),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});
