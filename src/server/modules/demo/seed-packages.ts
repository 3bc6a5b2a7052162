import { randomUUID } from 'node:crypto';
import { count, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#server/db/client.ts';
import { user } from '#server/db/schema/auth.ts';
import { packageEvents, packages } from '#server/db/schema/packages.ts';
import { travelPlans } from '#server/db/schema/travel-plans.ts';
import { type CodeKeys, newHandoverCodes } from '#server/lib/codes.ts';
import { columnsOf as packageColumns } from '#server/modules/packages/public.ts';
import { columnsOf as travelPlanColumns } from '#server/modules/travel-plans/public.ts';
import type { Currency } from '#shared/money.ts';
import type { PackageStatus } from '#shared/package-status.ts';
import type { PackageDraft, PackageSize } from '#shared/packages.ts';
import type { Place } from '#shared/places.ts';
import type { PackageCategory } from '#shared/settings.ts';
import type { Transport, TravelPlanStatus } from '#shared/travel-plans.ts';
import { demoDispute, seedOutcomes } from './seed-outcomes.ts';
import type { EventTimes } from './timeline.ts';

// Demo mode's packages and travel plans: a few dozen between real cities, in every status,
// so every list and page has something to show. Dates are relative to the first start. The end-to-end
// test relies on two of them: Sam Sender's open "Birthday gift for my sister" (Paris → Berlin) and
// Tess Traveler's active Paris → Berlin trip five days out.

/** Cities as the bundled gazetteer has them (seed-packages.test.ts checks each against it). */
export const demoCities = {
  paris: { label: 'Paris, France', city: 'Paris', countryCode: 'FR', lat: 48.85341, lng: 2.3488 },
  berlin: { label: 'Berlin, Germany', city: 'Berlin', countryCode: 'DE', lat: 52.52437, lng: 13.41053 },
  london: { label: 'London, United Kingdom', city: 'London', countryCode: 'GB', lat: 51.50853, lng: -0.12574 },
  amsterdam: { label: 'Amsterdam, Netherlands', city: 'Amsterdam', countryCode: 'NL', lat: 52.37403, lng: 4.88969 },
  brussels: { label: 'Brussels, Belgium', city: 'Brussels', countryCode: 'BE', lat: 50.85045, lng: 4.34878 },
  madrid: { label: 'Madrid, Spain', city: 'Madrid', countryCode: 'ES', lat: 40.4165, lng: -3.70256 },
  barcelona: { label: 'Barcelona, Spain', city: 'Barcelona', countryCode: 'ES', lat: 41.38879, lng: 2.15899 },
  lisbon: { label: 'Lisbon, Portugal', city: 'Lisbon', countryCode: 'PT', lat: 38.71667, lng: -9.13333 },
  rome: { label: 'Rome, Italy', city: 'Rome', countryCode: 'IT', lat: 41.89193, lng: 12.51133 },
  milan: { label: 'Milan, Italy', city: 'Milan', countryCode: 'IT', lat: 45.46427, lng: 9.18951 },
  munich: { label: 'Munich, Germany', city: 'Munich', countryCode: 'DE', lat: 48.13743, lng: 11.57549 },
  vienna: { label: 'Vienna, Austria', city: 'Vienna', countryCode: 'AT', lat: 48.20849, lng: 16.37208 },
  prague: { label: 'Prague, Czechia', city: 'Prague', countryCode: 'CZ', lat: 50.08804, lng: 14.42076 },
  warsaw: { label: 'Warsaw, Poland', city: 'Warsaw', countryCode: 'PL', lat: 52.22977, lng: 21.01178 },
  copenhagen: { label: 'Copenhagen, Denmark', city: 'Copenhagen', countryCode: 'DK', lat: 55.67594, lng: 12.56553 },
  lyon: { label: 'Lyon, France', city: 'Lyon', countryCode: 'FR', lat: 45.74846, lng: 4.84671 },
  newYork: {
    label: 'New York City, NY, United States',
    city: 'New York City',
    countryCode: 'US',
    lat: 40.71427,
    lng: -74.00597,
  },
  boston: { label: 'Boston, MA, United States', city: 'Boston', countryCode: 'US', lat: 42.35843, lng: -71.05977 },
  chicago: { label: 'Chicago, IL, United States', city: 'Chicago', countryCode: 'US', lat: 41.85003, lng: -87.65005 },
} as const satisfies Record<string, Place>;
type City = keyof typeof demoCities;

const SENDER = 'sender@tagalong.test';
const TRAVELER = 'traveler@tagalong.test';
const ADMIN = 'admin@tagalong.test';
type Who = 'sender' | 'traveler';

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

interface DemoTrip {
  key?: string;
  owner: Who;
  status: TravelPlanStatus;
  from: City;
  to: City;
  /** Days from the time the demo data is written (negative: in the past). */
  departs: number;
  hours: number;
  transport: Transport;
  capacityKg: number;
  notes?: string;
}

/**
 * Each package names the statuses it went through after draft; the timeline is written from them.
 * Those a traveler carries ride on the trip named by `trip`, which reserves their weight.
 */
interface DemoPackage {
  owner: Who;
  path: PackageStatus[];
  title: string;
  description?: string;
  category?: PackageCategory;
  size?: PackageSize;
  weightKg?: number;
  declaredValue?: number;
  reward?: number;
  currency?: Currency;
  from?: City;
  to?: City;
  /** Days from the time the demo data is written: pickup window start and deliver-by. */
  pickup?: number;
  deliverBy?: number;
  recipient?: [name: string, phone: string];
  notes?: string;
  /** How long ago the draft was started, in days. */
  age: number;
  /**
   * Days, counted from the time the demo data is written, of each status in `path`, where spreading them evenly over the age
   * would contradict the package's own dates: picked up as its trip leaves, delivered as it arrives
   * and before deliver-by, expired when deliver-by passed.
   */
  at?: number[];
  trip?: string;
  /** Sam invited Tess's trip, so she accepted; otherwise she offered and Sam accepted. */
  invited?: true;
}

const trips: DemoTrip[] = [
  // Matches Sam's open Paris → Berlin package (the end-to-end test counts on it).
  {
    key: 'paris-berlin',
    owner: 'traveler',
    status: 'active',
    from: 'paris',
    to: 'berlin',
    departs: 5,
    hours: 6,
    transport: 'train',
    capacityKg: 5,
    notes: 'Morning train via Frankfurt; small items only.',
  },
  {
    key: 'barcelona-milan',
    owner: 'traveler',
    status: 'active',
    from: 'barcelona',
    to: 'milan',
    departs: 3,
    hours: 2,
    transport: 'flight',
    capacityKg: 4,
  },
  {
    key: 'brussels-paris',
    owner: 'traveler',
    status: 'active',
    from: 'brussels',
    to: 'paris',
    departs: 2,
    hours: 2,
    transport: 'train',
    capacityKg: 6,
  },
  {
    key: 'berlin-prague',
    owner: 'traveler',
    status: 'active',
    from: 'berlin',
    to: 'prague',
    departs: -0.25,
    hours: 10,
    transport: 'bus',
    capacityKg: 8,
  },
  {
    key: 'chicago-new-york',
    owner: 'traveler',
    status: 'active',
    from: 'chicago',
    to: 'newYork',
    departs: -0.2,
    hours: 13,
    transport: 'car',
    capacityKg: 20,
  },
  {
    owner: 'traveler',
    status: 'active',
    from: 'london',
    to: 'amsterdam',
    departs: 7,
    hours: 4,
    transport: 'train',
    capacityKg: 3,
  },
  {
    owner: 'traveler',
    status: 'active',
    from: 'madrid',
    to: 'lisbon',
    departs: 9,
    hours: 1.5,
    transport: 'flight',
    capacityKg: 2.5,
  },
  {
    owner: 'traveler',
    status: 'active',
    from: 'newYork',
    to: 'boston',
    departs: 4,
    hours: 4,
    transport: 'bus',
    capacityKg: 10,
  },
  {
    owner: 'traveler',
    status: 'active',
    from: 'munich',
    to: 'vienna',
    departs: 12,
    hours: 4,
    transport: 'train',
    capacityKg: 6,
  },
  {
    owner: 'traveler',
    status: 'active',
    from: 'lyon',
    to: 'paris',
    departs: 6,
    hours: 2,
    transport: 'train',
    capacityKg: 4,
  },
  {
    key: 'rome-milan',
    owner: 'traveler',
    status: 'completed',
    from: 'rome',
    to: 'milan',
    departs: -1.7,
    hours: 3,
    transport: 'train',
    capacityKg: 5,
  },
  {
    key: 'amsterdam-brussels',
    owner: 'traveler',
    status: 'completed',
    from: 'amsterdam',
    to: 'brussels',
    departs: -10,
    hours: 2,
    transport: 'train',
    capacityKg: 5,
  },
  {
    key: 'london-paris',
    owner: 'traveler',
    status: 'completed',
    from: 'london',
    to: 'paris',
    departs: -15,
    hours: 2.5,
    transport: 'train',
    capacityKg: 5,
  },
  {
    key: 'vienna-prague',
    owner: 'traveler',
    status: 'completed',
    from: 'vienna',
    to: 'prague',
    departs: -20,
    hours: 4,
    transport: 'bus',
    capacityKg: 5,
  },
  // Sam cancelled the guitar strings after accepting Tess's offer for this trip.
  {
    key: 'milan-munich',
    owner: 'traveler',
    status: 'completed',
    from: 'milan',
    to: 'munich',
    departs: -4,
    hours: 7,
    transport: 'train',
    capacityKg: 4,
  },
  // Tess offered to carry the concert tickets on it; Sam never answered and the package expired.
  {
    owner: 'traveler',
    status: 'completed',
    from: 'lisbon',
    to: 'madrid',
    departs: -3,
    hours: 1.5,
    transport: 'flight',
    capacityKg: 3,
  },
  // Cancelling it withdrew Tess's offer for the family photo album.
  {
    owner: 'traveler',
    status: 'cancelled',
    from: 'warsaw',
    to: 'berlin',
    departs: 4,
    hours: 8,
    transport: 'bus',
    capacityKg: 5,
  },
  {
    owner: 'traveler',
    status: 'cancelled',
    from: 'madrid',
    to: 'barcelona',
    departs: 8,
    hours: 3,
    transport: 'train',
    capacityKg: 5,
  },
  {
    owner: 'sender',
    status: 'active',
    from: 'paris',
    to: 'london',
    departs: 14,
    hours: 2.5,
    transport: 'train',
    capacityKg: 3,
  },
  {
    owner: 'sender',
    status: 'completed',
    from: 'berlin',
    to: 'munich',
    departs: -30,
    hours: 1,
    transport: 'flight',
    capacityKg: 2,
  },
];

const gift = { category: 'gifts', size: 'S' } as const;

const demoPackages: DemoPackage[] = [
  // The end-to-end test's package: open, Paris → Berlin, 1.5 kg, 25.00 EUR.
  {
    owner: 'sender',
    path: ['open'],
    title: 'Birthday gift for my sister',
    description: 'A wrapped box with a scarf and a card. Light and not fragile.',
    ...gift,
    weightKg: 1.5,
    declaredValue: 6000,
    reward: 2500,
    from: 'paris',
    to: 'berlin',
    pickup: 1,
    deliverBy: 21,
    recipient: ['Lena Sender', '+12025550150'],
    age: 0.5,
  },
  {
    owner: 'sender',
    path: [],
    title: 'Vintage camera for repair',
    description: 'A 1970s film camera going to a repair shop.',
    category: 'electronics',
    size: 'M',
    weightKg: 1.2,
    declaredValue: 25000,
    from: 'lyon',
    to: 'munich',
    pickup: 4,
    deliverBy: 30,
    age: 1,
  },
  { owner: 'sender', path: [], title: 'Wedding invitations', category: 'documents', age: 0.2 },
  {
    owner: 'sender',
    path: ['open'],
    title: "Children's books",
    description: 'Six picture books for my niece.',
    category: 'books',
    size: 'M',
    weightKg: 2,
    declaredValue: 9000,
    reward: 1800,
    currency: 'GBP',
    from: 'london',
    to: 'amsterdam',
    pickup: 2,
    deliverBy: 20,
    recipient: ['Noor de Vries', '+12025550151'],
    age: 2,
  },
  {
    owner: 'sender',
    path: ['open'],
    title: 'Handmade ceramic bowls',
    description: 'Two bowls, well padded.',
    category: 'gifts',
    size: 'M',
    weightKg: 3.5,
    declaredValue: 12000,
    reward: 3500,
    from: 'madrid',
    to: 'lisbon',
    pickup: 3,
    deliverBy: 25,
    recipient: ['Inês Costa', '+12025550152'],
    notes: 'Fragile: keep upright.',
    age: 3,
  },
  {
    owner: 'sender',
    path: ['open'],
    title: 'Laptop charger',
    category: 'electronics',
    size: 'S',
    weightKg: 0.6,
    declaredValue: 7900,
    reward: 1500,
    currency: 'USD',
    from: 'newYork',
    to: 'boston',
    pickup: 1,
    deliverBy: 10,
    recipient: ['Jordan Miller', '+12025550153'],
    age: 1.5,
  },
  {
    owner: 'sender',
    path: ['open'],
    title: 'Winter jacket',
    category: 'clothing',
    size: 'L',
    weightKg: 2.2,
    declaredValue: 15000,
    reward: 2000,
    from: 'munich',
    to: 'vienna',
    pickup: 5,
    deliverBy: 28,
    recipient: ['Anna Huber', '+12025550154'],
    age: 4,
  },
  {
    owner: 'sender',
    path: ['open'],
    title: 'Family photo album',
    category: 'other',
    size: 'M',
    weightKg: 1.8,
    declaredValue: 5000,
    reward: 2200,
    from: 'warsaw',
    to: 'berlin',
    pickup: 2,
    deliverBy: 18,
    recipient: ['Piotr Nowak', '+12025550155'],
    age: 2.5,
  },
  {
    owner: 'sender',
    path: ['open'],
    title: 'Design magazines',
    category: 'books',
    size: 'S',
    weightKg: 1.1,
    declaredValue: 4000,
    reward: 1200,
    from: 'copenhagen',
    to: 'amsterdam',
    pickup: 6,
    deliverBy: 24,
    recipient: ['Sofie Jensen', '+12025550156'],
    age: 5,
  },
  {
    owner: 'sender',
    path: ['open', 'matched'],
    title: 'Cosmetics gift set',
    ...gift,
    category: 'cosmetics',
    weightKg: 1.2,
    declaredValue: 8000,
    reward: 2000,
    from: 'barcelona',
    to: 'milan',
    pickup: 2,
    deliverBy: 12,
    recipient: ['Giulia Rossi', '+12025550157'],
    age: 6,
    trip: 'barcelona-milan',
    invited: true,
  },
  {
    owner: 'sender',
    path: ['open', 'matched'],
    title: 'Belgian chocolates',
    ...gift,
    weightKg: 1,
    declaredValue: 4500,
    reward: 1500,
    from: 'brussels',
    to: 'paris',
    pickup: 1,
    deliverBy: 9,
    recipient: ['Camille Martin', '+12025550158'],
    age: 4,
    trip: 'brussels-paris',
  },
  {
    owner: 'sender',
    path: ['open', 'matched', 'in_transit'],
    title: 'Documents for a visa appointment',
    category: 'documents',
    size: 'S',
    weightKg: 0.3,
    declaredValue: 1000,
    reward: 3000,
    from: 'berlin',
    to: 'prague',
    pickup: -1,
    deliverBy: 3,
    recipient: ['Tomáš Novák', '+12025550159'],
    age: 8,
    at: [-6.5, -5.1, -0.3],
    trip: 'berlin-prague',
  },
  {
    owner: 'sender',
    path: ['open', 'matched', 'in_transit'],
    title: 'Running shoes',
    category: 'clothing',
    size: 'M',
    weightKg: 1.4,
    declaredValue: 13000,
    reward: 2500,
    currency: 'USD',
    from: 'chicago',
    to: 'newYork',
    pickup: -1,
    deliverBy: 4,
    recipient: ['Sam Lee', '+12025550160'],
    age: 7,
    at: [-5.7, -4.5, -0.25],
    trip: 'chicago-new-york',
    invited: true,
  },
  {
    owner: 'sender',
    path: ['open', 'matched', 'in_transit', 'delivered'],
    title: 'Italian cookbooks',
    category: 'books',
    size: 'M',
    weightKg: 2.4,
    declaredValue: 6000,
    reward: 1800,
    from: 'rome',
    to: 'milan',
    pickup: -4,
    deliverBy: -1,
    recipient: ['Marco Bianchi', '+12025550161'],
    age: 9,
    at: [-7.6, -6.3, -1.75, -1.55],
    trip: 'rome-milan',
  },
  {
    owner: 'sender',
    path: ['open', 'matched', 'in_transit', 'delivered', 'completed'],
    title: 'Wireless headphones',
    category: 'electronics',
    size: 'S',
    weightKg: 0.5,
    declaredValue: 20000,
    reward: 2000,
    from: 'amsterdam',
    to: 'brussels',
    pickup: -11,
    deliverBy: -8,
    recipient: ['Lucas Peeters', '+12025550162'],
    age: 16,
    at: [-13.9, -11.9, -10.05, -9.9, -8.5],
    trip: 'amsterdam-brussels',
    invited: true,
  },
  {
    owner: 'sender',
    path: ['open', 'matched', 'in_transit', 'delivered', 'disputed', 'completed'],
    title: 'Tea set',
    ...gift,
    size: 'M',
    weightKg: 2.8,
    declaredValue: 9000,
    reward: 2400,
    currency: 'GBP',
    from: 'london',
    to: 'paris',
    pickup: -16,
    deliverBy: -13,
    recipient: ['Chloé Durand', '+12025550163'],
    age: 22,
    at: [-19.2, -16.4, -15.05, -14.85, -13.5, -11],
    trip: 'london-paris',
  },
  {
    owner: 'sender',
    path: ['open', 'matched', 'in_transit', 'delivered', 'completed'],
    title: 'Board game',
    ...gift,
    size: 'M',
    weightKg: 1.6,
    declaredValue: 5500,
    reward: 1500,
    from: 'vienna',
    to: 'prague',
    pickup: -21,
    deliverBy: -18,
    recipient: ['Eva Dvořák', '+12025550164'],
    age: 27,
    at: [-23.5, -21.5, -20.05, -19.8, -18.5],
    trip: 'vienna-prague',
    invited: true,
  },
  { owner: 'sender', path: ['cancelled'], title: 'Old phone for recycling', category: 'electronics', age: 12 },
  {
    owner: 'sender',
    path: ['open', 'matched', 'cancelled'],
    title: 'Guitar strings',
    category: 'other',
    size: 'S',
    weightKg: 0.2,
    declaredValue: 3000,
    reward: 800,
    from: 'milan',
    to: 'munich',
    pickup: -5,
    deliverBy: 10,
    recipient: ['Felix Bauer', '+12025550165'],
    age: 10,
    at: [-7.75, -6.5, -5.5],
    trip: 'milan-munich',
  },
  {
    owner: 'sender',
    path: ['open', 'expired'],
    title: 'Concert tickets',
    category: 'documents',
    size: 'S',
    weightKg: 0.1,
    declaredValue: 12000,
    reward: 1000,
    from: 'lisbon',
    to: 'madrid',
    pickup: -14,
    deliverBy: -2,
    recipient: ['Lucía García', '+12025550166'],
    age: 15,
    at: [-11.6, -2],
  },
  {
    owner: 'traveler',
    path: ['open'],
    title: 'Souvenirs for a friend',
    ...gift,
    weightKg: 0.8,
    declaredValue: 3000,
    reward: 1000,
    from: 'lisbon',
    to: 'madrid',
    pickup: 3,
    deliverBy: 20,
    recipient: ['Pablo Ruiz', '+12025550167'],
    age: 1,
  },
  { owner: 'traveler', path: [], title: 'Spare bike parts', category: 'other', size: 'M', age: 0.3 },
];

const eventNotes: Partial<Record<PackageStatus, string>> = {
  open: 'Paid and published',
  matched: 'Request accepted',
  in_transit: "Picked up with the sender's code",
  delivered: "Delivered with the recipient's code",
  completed: 'Delivery confirmed by the sender',
  expired: 'The deliver-by date passed',
  cancelled: 'Cancelled by the sender',
  disputed: demoDispute.openedNote,
};

interface Parties {
  sender: string;
  traveler: string | null;
  admin: string | null;
}

/** Who makes each move (docs/product.md §2); null is the system's clock. */
function actorOf(from: PackageStatus | null, to: PackageStatus, spec: DemoPackage, who: Parties): string | null {
  if (to === 'in_transit' || to === 'delivered') return who.traveler;
  // Whoever received the request accepts it.
  if (to === 'matched') return spec.invited ? who.traveler : who.sender;
  if (to === 'completed' && from === 'disputed') return who.admin;
  if (to === 'expired') return null;
  return who.sender;
}

function noteOf(from: PackageStatus | null, to: PackageStatus): string | null {
  return to === 'completed' && from === 'disputed' ? demoDispute.resolvedNote : (eventNotes[to] ?? null);
}

/**
 * When the package reached each of its statuses (draft first): as `at` says, else evenly spread from
 * the draft's start to a little before now.
 */
function timelineOf(spec: DemoPackage, now: Date): Date[] {
  const start = now.getTime() - spec.age * DAY;
  const step = (spec.age * DAY * 0.9) / (spec.path.length + 2);
  return [
    start,
    ...spec.path.map((_, i) => (spec.at ? now.getTime() + (spec.at[i] as number) * DAY : start + step * (i + 1))),
  ].map((t) => new Date(t));
}

/**
 * Seeds the demo packages and travel plans once: skipped when the demo sender has any package
 * (a restart, or a demo someone has been using), and when the demo accounts are missing. A carried
 * package has what accepting its request gave it (answer.ts): its traveler and trip, matchedAt and
 * fresh handover codes, so the sender can show them and the traveler can enter them.
 */
export async function seedDemoPackages(
  db: Database,
  log: FastifyBaseLogger,
  keys: CodeKeys,
  now = new Date(),
): Promise<void> {
  const accounts = await db
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(inArray(user.email, [SENDER, TRAVELER, ADMIN]));
  const idOf = (email: string) => accounts.find((a) => a.email === email)?.id;
  const senderId = idOf(SENDER);
  const travelerId = idOf(TRAVELER);
  if (!senderId || !travelerId) return;
  const [existing] = await db.select({ n: count() }).from(packages).where(eq(packages.senderId, senderId));
  if ((existing?.n ?? 0) > 0) return;

  const ids: Record<Who, string> = { sender: senderId, traveler: travelerId };
  const adminId = idOf(ADMIN) ?? null;
  const at = (days: number) => new Date(now.getTime() + days * DAY);

  await db.transaction(async (tx) => {
    const tripIds = new Map<string, string>();
    for (const trip of trips) {
      const departure = tripDeparture(trip, now);
      const columns = travelPlanColumns({
        origin: demoCities[trip.from],
        destination: demoCities[trip.to],
        departureAt: departure.toISOString(),
        arrivalAt: new Date(departure.getTime() + trip.hours * HOUR).toISOString(),
        transport: trip.transport,
        capacityKg: trip.capacityKg,
        ...(trip.notes ? { notes: trip.notes } : {}),
      });
      const created = at(Math.min(trip.departs, 0) - 7);
      const [row] = await tx
        .insert(travelPlans)
        .values({
          ...(columns as Required<typeof columns>),
          travelerId: ids[trip.owner],
          status: trip.status,
          createdAt: created,
          updatedAt: created,
        })
        .returning({ id: travelPlans.id });
      if (trip.key && row) tripIds.set(trip.key, row.id);
    }

    const seeded = new Map<string, { id: string; times: EventTimes }>();
    for (const spec of demoPackages) {
      const carried = spec.trip ? tripIds.get(spec.trip) : undefined;
      const who: Parties = { sender: ids[spec.owner], traveler: carried ? travelerId : null, admin: adminId };
      const statuses: PackageStatus[] = ['draft', ...spec.path];
      const times = timelineOf(spec, now);
      const when: EventTimes = Object.fromEntries(statuses.map((s, i) => [s, times[i]]));
      const status = statuses.at(-1) as PackageStatus;
      // The id first: the codes are bound to it.
      const id = randomUUID();
      await tx.insert(packages).values({
        ...packageColumns(draftOf(spec, at)),
        id,
        title: spec.title,
        senderId: who.sender,
        status,
        currency: spec.currency ?? 'EUR',
        travelerId: who.traveler,
        travelPlanId: carried ?? null,
        ...(carried ? { matchedAt: when.matched ?? null, ...newHandoverCodes(keys, id) } : {}),
        createdAt: times[0] as Date,
        updatedAt: times.at(-1) as Date,
        publishedAt: when.open ?? null,
        // As handover.ts and complete.ts stamp them; the auto-complete job reads deliveredAt.
        deliveredAt: when.delivered ?? null,
        completedAt: when.completed ?? null,
      });
      for (const [i, to] of statuses.entries()) {
        const from = statuses[i - 1] ?? null;
        await tx.insert(packageEvents).values({
          packageId: id,
          fromStatus: from,
          toStatus: to,
          actorId: to === 'draft' ? who.sender : actorOf(from, to, spec, who),
          note: noteOf(from, to),
          createdAt: times[i] as Date,
        });
      }
      // What an accepted request reserves on the trip until the package is delivered.
      if (carried && (status === 'matched' || status === 'in_transit') && spec.weightKg) {
        const [plan] = await tx.select().from(travelPlans).where(eq(travelPlans.id, carried));
        await tx
          .update(travelPlans)
          .set({ reservedGrams: (plan?.reservedGrams ?? 0) + Math.round(spec.weightKg * 1000) })
          .where(eq(travelPlans.id, carried));
      }
      if (spec.owner === 'sender') seeded.set(spec.title, { id, times: when });
    }
    await seedOutcomes(tx, seeded, { senderId, travelerId, adminId });
  });
  log.info({ packages: demoPackages.length, travelPlans: trips.length }, 'demo packages and travel plans created');
}

/**
 * The Paris → Berlin trip leaves at 08:00 UTC on the day five days out, so it arrives the same day
 * whatever time the demo starts; the others leave at their offset from now.
 */
function tripDeparture(trip: DemoTrip, now: Date): Date {
  const departure = new Date(now.getTime() + trip.departs * DAY);
  if (trip.key === 'paris-berlin') departure.setUTCHours(8, 0, 0, 0);
  return departure;
}

function draftOf(spec: DemoPackage, at: (days: number) => Date): PackageDraft {
  const draft: PackageDraft = { title: spec.title };
  if (spec.description) draft.description = spec.description;
  if (spec.category) draft.category = spec.category;
  if (spec.size) draft.size = spec.size;
  if (spec.weightKg !== undefined) draft.weightKg = spec.weightKg;
  if (spec.declaredValue !== undefined) draft.declaredValue = spec.declaredValue;
  if (spec.reward !== undefined) draft.reward = spec.reward;
  if (spec.from) draft.pickup = demoCities[spec.from];
  if (spec.to) draft.dropoff = demoCities[spec.to];
  if (spec.pickup !== undefined) draft.pickupFrom = at(spec.pickup).toISOString();
  if (spec.deliverBy !== undefined) draft.deliverBy = at(spec.deliverBy).toISOString();
  if (spec.recipient) [draft.recipientName, draft.recipientPhone] = spec.recipient;
  if (spec.notes) draft.notes = spec.notes;
  return draft;
}

/** For the tests: what the demo data is made of. */
export const demoSeed = { trips, packages: demoPackages, draftOf, tripDeparture };
