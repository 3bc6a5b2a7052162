// @vitest-environment jsdom
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '#shared/money.ts';
import { formatDate } from '#web/lib/format.ts';
import { PackageStatusBadge } from './badge.tsx';
import { PackageSummaryCard, type PackageSummaryFields, RouteText } from './package-summary.tsx';

// The shared package card as its four screens use it: what a member reads (route, reward, status,
// dates) and what assistive technology gets (the card's role and name, the title's link), by the
// same text and roles the end-to-end tests select on.

const pkg: PackageSummaryFields = {
  title: 'Birthday gift',
  pickup: { label: 'Paris, France', city: 'Paris', countryCode: 'FR' },
  dropoff: { label: 'Berlin, Germany', city: 'Berlin', countryCode: 'DE' },
  pickupFrom: '2031-05-02T09:00:00.000Z',
  deliverBy: '2031-05-09T18:00:00.000Z',
  size: 'M',
  weightKg: 2.5,
  reward: 2500,
  total: 2750,
  currency: 'EUR',
  photo: null,
};

let root: Root;
let container: HTMLElement;

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
});

async function render(ui: ReactNode) {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => root.render(<MemoryRouter>{ui}</MemoryRouter>));
  return container;
}

/** The accessible name from aria-labelledby, as a screen reader announces the card. */
const nameOf = (el: Element) =>
  (el.getAttribute('aria-labelledby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

/** The facts as "term: value" pairs, in order. */
const factsOf = (el: Element) =>
  [...el.querySelectorAll('dl > div')].map((row) => [
    row.querySelector('dt')?.textContent,
    row.querySelector('dd')?.textContent,
  ]);

describe('PackageSummaryCard', () => {
  it('is an article named by its title, with the route, the reward, the facts and the action slot', async () => {
    const view = await render(
      <PackageSummaryCard
        pkg={pkg}
        href="/user/packages/p1"
        rewardAside
        facts={['pickupFrom', 'deliverBy', 'size', 'weight', { term: 'Trip departs', value: 'Tomorrow' }]}
        actions={<button type="button">Offer to carry Birthday gift</button>}
      >
        <p>Sent by Sam</p>
      </PackageSummaryCard>,
    );
    const article = view.querySelector('article');
    expect(article && nameOf(article)).toBe('Birthday gift');
    const link = view.querySelector('h3 a');
    expect(link?.textContent).toBe('Birthday gift');
    expect(link?.getAttribute('href')).toBe('/user/packages/p1');
    const text = view.textContent ?? '';
    expect(text).toContain('Paris, France → Berlin, Germany');
    expect(text).toContain(`Reward${formatMoney(2500, 'EUR')}`);
    expect(factsOf(view)).toEqual([
      ['Pickup from', formatDate(pkg.pickupFrom ?? '')],
      ['Deliver by', formatDate(pkg.deliverBy ?? '')],
      ['Size', 'M (up to 50 × 40 × 20 cm)'],
      ['Weight', '2.5 kg'],
      ['Trip departs', 'Tomorrow'],
    ]);
    expect(view.querySelector('time')?.getAttribute('dateTime')).toBe(pkg.pickupFrom);
    expect(text).toContain('Sent by Sam');
    expect(view.querySelector('button')?.textContent).toBe('Offer to carry Birthday gift');
    // No status badge unless the screen gives one (a match is always open).
    expect(view.querySelector('[data-status]')).toBeNull();
  });

  it('says what is missing: no route, no dates, no reward', async () => {
    const view = await render(
      <PackageSummaryCard
        pkg={{ ...pkg, pickup: null, pickupFrom: null, weightKg: null, reward: null }}
        rewardAside
        facts={['pickupFrom', 'weight', 'reward']}
      />,
    );
    const text = view.textContent ?? '';
    expect(text).toContain('Route not given');
    expect(text).toContain('Reward—');
    expect(factsOf(view)).toEqual([
      ['Pickup from', '—'],
      ['Weight', '—'],
      ['Reward', '—'],
    ]);
    // Without `href` the title is plain text.
    expect(view.querySelector('h3')?.textContent).toBe('Birthday gift');
    expect(view.querySelector('a')).toBeNull();
  });

  it('with an eyebrow is a region named by it, and shows the status badge it is given', async () => {
    const view = await render(
      <PackageSummaryCard
        pkg={pkg}
        eyebrow="Your package"
        headingAs="p"
        badge={<PackageStatusBadge status="draft" />}
        facts={['pickupFrom', 'deliverBy', 'weight']}
        factColumns={3}
      />,
    );
    const region = view.querySelector('section');
    expect(region && nameOf(region)).toBe('Your package');
    expect(view.querySelector('article')).toBeNull();
    expect(view.querySelector('h2, h3')).toBeNull();
    expect(view.querySelector('[data-status="draft"]')?.textContent).toBe('Draft');
    expect(view.querySelector('dl')?.className).toContain('sm:grid-cols-3');
  });

  it('compact: the whole row is the title link, with dates and reward on one line each', async () => {
    const view = await render(
      <ul>
        <li>
          <PackageSummaryCard
            pkg={pkg}
            href="/user/packages/p1"
            compact
            thumbnail="photo-or-icon"
            route={<RouteText from={pkg.pickup} to={null} />}
            badge={<PackageStatusBadge status="open" />}
          />
        </li>
      </ul>,
    );
    // A list row, not an article: the list item and its one link name it.
    expect(view.querySelector('article, section')).toBeNull();
    expect(view.querySelectorAll('a')).toHaveLength(1);
    expect(view.querySelector('a')?.className).toContain('after:inset-0');
    const text = view.textContent ?? '';
    // The arrow is hidden from screen readers, which read "to" instead.
    expect(text).toContain('Paris →  to drop-off not set');
    expect(text).toContain(
      `Pickup from ${formatDate(pkg.pickupFrom ?? '')}, deliver by ${formatDate(pkg.deliverBy ?? '')}`,
    );
    expect(text).toContain(`Reward ${formatMoney(2500, 'EUR')} · you pay ${formatMoney(2750, 'EUR')}`);
    expect(view.querySelector('[data-status="open"]')?.textContent).toBe('Open');
    // No photo: the parcel icon holds its place, hidden from assistive technology.
    expect(view.querySelector('img')).toBeNull();
    expect(view.querySelector('div[aria-hidden="true"] svg')).not.toBeNull();
  });

  it('compact without a reward says so, and shows the photo when there is one', async () => {
    const view = await render(
      <PackageSummaryCard
        pkg={{
          ...pkg,
          reward: null,
          pickupFrom: null,
          deliverBy: null,
          photo: { id: 'ph', url: '/p.jpg', width: 10, height: 10 },
        }}
        href="/user/packages/p1"
        compact
        thumbnail="photo-or-icon"
      />,
    );
    const text = view.textContent ?? '';
    expect(text).toContain('No reward set yet');
    expect(text).not.toContain('Pickup from');
    const img = view.querySelector('img');
    expect(img?.getAttribute('src')).toBe('/p.jpg');
    // Decorative: the title beside it names the package.
    expect(img?.getAttribute('alt')).toBe('');
  });
});
