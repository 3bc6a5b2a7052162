// The product's route map (docs/product.md §9). The server uses it to answer
// page requests with the right HTTP status; the web router is built from it, so they cannot drift.

// No imports that bring zod: every page loads this file (ADR 0054).

/** A sandbox checkout's reference, as it appears in /pay/sandbox/{ref} (payments.ts re-exports it). */
export const sandboxCheckoutRefPattern = /^cs_sandbox_[A-Za-z0-9_-]{8,64}$/;

export const layouts = ['miscpages', 'authpages', 'authenticated', 'dashboard', 'admin-dashboard'] as const;
export type LayoutName = (typeof layouts)[number];

/** Guards are referenced by name; the web registry throws on a name it does not know. */
export type GuardName = 'user' | 'admin';

export interface RouteDef {
  /** Path pattern with `{param}` placeholders, as the product writes it (docs/product.md §9). */
  path: string;
  layout: LayoutName;
  title: string;
  /**
   * What a search result says about the page. Only public pages have one, and only they are
   * indexed: every page without it is served with `noindex` (ADR 0054).
   */
  description?: string;
  guard?: GuardName;
  /** Component files the original exposed as routes: they only send the browser to their parent. */
  redirectTo?: string;
  /** Pages that exist only while demo mode is on; a 404 otherwise. */
  demoOnly?: boolean;
  /**
   * Parameters that name something other than a record (a provider's reference), with the pattern
   * their value must match. Every parameter not listed here is a record id (a UUID).
   */
  params?: Readonly<Record<string, RegExp>>;
  /**
   * A prerendered page a visitor can use before the app runs — links, text fields, forms and buttons,
   * whose sending and pressing the app does once it is there, and plain fields it reads when a form is
   * sent — with nothing a visitor drags: for a visitor, the app is loaded on the first interaction
   * (ADR 0064), when the page came with every answer it shows (ADR 0065).
   */
  startsOnInteraction?: true;
}

export const routes = [
  {
    path: '/',
    layout: 'miscpages',
    title: 'Tagalong',
    startsOnInteraction: true,
    description:
      'Send a package with a traveler already making the trip, or earn a reward for the room in your luggage. Payment is held until delivery.',
  },
  {
    path: '/about',
    layout: 'miscpages',
    title: 'About Tagalong',
    startsOnInteraction: true,
    description:
      'How Tagalong works: senders post packages, travelers carry them on trips they already make, and the platform holds the money until delivery.',
  },
  {
    path: '/packages',
    layout: 'miscpages',
    title: 'Packages to carry',
    startsOnInteraction: true,
    description:
      'Open packages waiting for a traveler: see the route, the size and the reward, then carry one on your trip.',
  },
  {
    path: '/trips',
    layout: 'miscpages',
    title: 'Trips going your way',
    startsOnInteraction: true,
    description:
      'Upcoming trips by travelers with room to spare: find one going your way and send your package with them.',
  },
  {
    path: '/trips/{id}',
    layout: 'miscpages',
    title: 'Trip',
    description: 'A trip by a traveler with room to spare: ask them to carry your package on the way.',
  },
  { path: '/ui', layout: 'miscpages', title: 'Design system' },
  {
    path: '/need-help',
    layout: 'miscpages',
    title: 'Need help?',
    description: 'Answers to common questions about sending and carrying packages with Tagalong, and how to reach us.',
  },
  { path: '/unauthorized', layout: 'miscpages', title: 'Not allowed' },
  {
    path: '/refund-policy',
    layout: 'miscpages',
    title: 'Refund policy',
    description: 'When and how Tagalong refunds a sender: cancelled packages, failed deliveries and disputes.',
  },
  {
    path: '/privacy-policy',
    layout: 'miscpages',
    title: 'Privacy policy',
    description: 'What Tagalong stores about you, why, who sees it and how to have it deleted.',
  },
  {
    path: '/terms-and-conditions',
    layout: 'miscpages',
    title: 'Terms and conditions',
    description: 'The terms for senders and travelers using Tagalong: listings, payments, deliveries and disputes.',
  },
  { path: '/test', layout: 'miscpages', title: 'Diagnostics' },
  { path: '/test/socket', layout: 'miscpages', title: 'Realtime diagnostics' },

  {
    path: '/auth/login',
    layout: 'authpages',
    startsOnInteraction: true,
    title: 'Sign in',
    description: 'Sign in to Tagalong to send a package, carry one on your trip and follow your deliveries.',
  },
  { path: '/auth/login_test', layout: 'authpages', title: 'Demo sign-in', demoOnly: true },
  {
    path: '/auth/register',
    layout: 'authpages',
    title: 'Create your account',
    description: 'Create a free Tagalong account to send packages with travelers or earn rewards on your trips.',
  },
  { path: '/auth/forgot-password', layout: 'authpages', title: 'Reset your password' },
  // Where the reset e-mail's link lands (the password-reset flow needs it).
  { path: '/auth/reset-password', layout: 'authpages', title: 'Choose a new password' },

  { path: '/auth/add-mobile-number', layout: 'authenticated', title: 'Add your mobile number', guard: 'user' },
  { path: '/auth/connect-with-google', layout: 'authenticated', title: 'Connect with Google' },
  { path: '/kyc/kycaid-callback', layout: 'authenticated', title: 'Identity check', guard: 'user' },
  // The embedded identity-check provider's page: stands in for KYCAID's hosted form.
  { path: '/kyc/sandbox/{token}', layout: 'authenticated', title: 'Identity check (sandbox)', guard: 'user' },
  // The embedded payment provider's hosted checkout: stands in for Stripe Checkout.
  {
    path: '/pay/sandbox/{ref}',
    layout: 'authenticated',
    title: 'Checkout (sandbox)',
    guard: 'user',
    params: { ref: sandboxCheckoutRefPattern },
  },

  { path: '/dashboard', layout: 'miscpages', title: 'Dashboard' },

  // Demo-only developer pages: a page that throws, to show the error boundary at work.
  { path: '/dev/crash', layout: 'miscpages', title: 'Crash test', demoOnly: true },
  // Demo-only: the e-mail and SMS outbox of the embedded providers.
  { path: '/dev/mailbox', layout: 'miscpages', title: 'Mailbox', demoOnly: true },

  { path: '/user/dashboard', layout: 'dashboard', title: 'Dashboard', guard: 'user' },
  { path: '/user/profile/my-profile', layout: 'dashboard', title: 'My profile', guard: 'user' },
  { path: '/user/profile/profile-settings', layout: 'dashboard', title: 'Profile settings', guard: 'user' },
  { path: '/user/communication/notifications', layout: 'dashboard', title: 'Notifications', guard: 'user' },
  { path: '/user/communication/messages', layout: 'dashboard', title: 'Messages', guard: 'user' },
  { path: '/user/help-center', layout: 'dashboard', title: 'Help center' },
  { path: '/user/help-center/{id}', layout: 'dashboard', title: 'Support conversation', guard: 'user' },
  { path: '/user/alerts', layout: 'dashboard', title: 'Route alerts', guard: 'user' },
  { path: '/user/view/{id}', layout: 'dashboard', title: 'Member profile' },
  { path: '/user/packages/requests', layout: 'dashboard', title: 'Requests', guard: 'user' },
  { path: '/user/packages/my-packages', layout: 'dashboard', title: 'My packages', guard: 'user' },
  { path: '/user/packages/{package_id}', layout: 'dashboard', title: 'Package', guard: 'user' },
  { path: '/user/packages/{package_id}/payment', layout: 'dashboard', title: 'Payment', guard: 'user' },
  {
    path: '/user/packages/{package_id}/payment/callback',
    layout: 'dashboard',
    title: 'Payment status',
    guard: 'user',
  },
  { path: '/user/packages/send-a-package', layout: 'dashboard', title: 'Send a package', guard: 'user' },
  {
    path: '/user/packages/send-a-package/payment-process',
    layout: 'dashboard',
    title: 'Payment',
    guard: 'user',
  },
  {
    path: '/user/packages/send-a-package/searching-for-traveler',
    layout: 'dashboard',
    title: 'Searching for a traveler',
    guard: 'user',
  },
  { path: '/user/packages/carry-a-package', layout: 'dashboard', title: 'Carry a package', guard: 'user' },
  {
    path: '/user/packages/carry-a-package/choose-your-package',
    layout: 'dashboard',
    title: 'Choose your package',
    guard: 'user',
  },
  {
    path: '/user/packages/carry-a-package/choose-your-package/ChoosePackageCard',
    layout: 'dashboard',
    title: 'Choose your package',
    guard: 'user',
    redirectTo: '/user/packages/carry-a-package/choose-your-package',
  },
  {
    path: '/user/packages/send-a-package/searching-for-traveler/SearchTravelerCard',
    layout: 'dashboard',
    title: 'Searching for a traveler',
    guard: 'user',
    redirectTo: '/user/packages/send-a-package/searching-for-traveler',
  },

  { path: '/admin/dashboard', layout: 'admin-dashboard', title: 'Admin dashboard', guard: 'admin' },
  { path: '/admin/users', layout: 'admin-dashboard', title: 'Users', guard: 'admin' },
  { path: '/admin/users/{id}', layout: 'admin-dashboard', title: 'User', guard: 'admin' },
  { path: '/admin/packages', layout: 'admin-dashboard', title: 'Packages', guard: 'admin' },
  { path: '/admin/packages/{id}', layout: 'admin-dashboard', title: 'Package', guard: 'admin' },
  { path: '/admin/payments', layout: 'admin-dashboard', title: 'Payments', guard: 'admin' },
  { path: '/admin/requests', layout: 'admin-dashboard', title: 'Requests', guard: 'admin' },
  { path: '/admin/requests/{id}', layout: 'admin-dashboard', title: 'Request', guard: 'admin' },
  { path: '/admin/transactions', layout: 'admin-dashboard', title: 'Transactions', guard: 'admin' },
  { path: '/admin/travel-plans', layout: 'admin-dashboard', title: 'Travel plans', guard: 'admin' },
  { path: '/admin/travel-plans/{id}', layout: 'admin-dashboard', title: 'Travel plan', guard: 'admin' },
  { path: '/admin/system-settings', layout: 'admin-dashboard', title: 'System settings', guard: 'admin' },
  { path: '/admin/audit-log', layout: 'admin-dashboard', title: 'Audit log', guard: 'admin' },
  { path: '/admin/support', layout: 'admin-dashboard', title: 'Support', guard: 'admin' },
  { path: '/admin/support/{id}', layout: 'admin-dashboard', title: 'Support ticket', guard: 'admin' },
  {
    path: '/admin/communications/notifications',
    layout: 'admin-dashboard',
    title: 'Communications',
    guard: 'admin',
  },
] as const satisfies readonly RouteDef[];

export type RoutePath = (typeof routes)[number]['path'];

/** The home page's title: what a search result and a browser tab say about the product. */
export const HOME_TITLE = 'Tagalong — send packages with travelers already making the trip';

/** A page's document title; the server writes it into the page and the client sets it (ADR 0054). */
export function documentTitle(route: Pick<RouteDef, 'path' | 'title'>): string {
  return route.path === '/' ? HOME_TITLE : `${route.title} · Tagalong`;
}

/**
 * Pages the server renders to HTML before the app's JavaScript arrives (ADR 0056): the pages people
 * arrive at from outside (those with a description, ADR 0054) that show the same to everyone — a
 * public layout, no guard, no demo-only rule, no redirect.
 */
export function isPrerendered(route: RouteDef): boolean {
  return (
    (route.layout === 'miscpages' || route.layout === 'authpages') &&
    Boolean(route.description) &&
    !route.guard &&
    !route.demoOnly &&
    !route.redirectTo
  );
}

/** Every record id in the product is a UUID, so a route parameter that is not one names nothing. */
const idPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isValidRouteParam(value: string): boolean {
  return idPattern.test(value);
}

/** Whether every parameter of a matched route has the shape that route expects (a UUID unless it says otherwise). */
export function areValidRouteParams(route: RouteDef, params: Readonly<Record<string, string | undefined>>): boolean {
  return Object.entries(params).every(
    ([name, value]) => value !== undefined && (route.params?.[name] ?? idPattern).test(value),
  );
}

export type RouteMatch =
  | { kind: 'page'; route: RouteDef; params: Record<string, string> }
  | { kind: 'invalid-param'; route: RouteDef }
  | { kind: 'none' };

function splitPath(pathname: string): string[] {
  return pathname.split('/').filter((s) => s.length > 0);
}

function matchOne(route: RouteDef, segments: string[]): Record<string, string> | null {
  const pattern = splitPath(route.path);
  if (pattern.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i] as string;
    const s = segments[i] as string;
    if (p.startsWith('{') && p.endsWith('}')) params[p.slice(1, -1)] = decodeURIComponent(s);
    else if (p !== s) return null;
  }
  return params;
}

/** Static routes win over parameterised ones, so /user/packages/requests is never read as an id. */
export function matchRoute(pathname: string, options: { demoMode: boolean }): RouteMatch {
  const segments = splitPath(pathname);
  const candidates = routes
    .filter((r: RouteDef) => options.demoMode || !r.demoOnly)
    .map((route: RouteDef) => ({ route, params: matchOne(route, segments) }))
    .filter((c): c is { route: RouteDef; params: Record<string, string> } => c.params !== null)
    .sort((a, b) => Object.keys(a.params).length - Object.keys(b.params).length);
  const first = candidates[0];
  if (!first) return { kind: 'none' };
  const valid = candidates.find((c) => areValidRouteParams(c.route, c.params));
  if (valid) return { kind: 'page', route: valid.route, params: valid.params };
  return { kind: 'invalid-param', route: first.route };
}

/** React Router spells parameters `:name`; the route table spells them `{name}`. */
export function toRouterPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/**
 * A `redirect` target is followed only when it is a same-site relative path, so a crafted link
 * cannot send a user to another site after sign-in (open redirect).
 */
export function safeRedirectTarget(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
  if (/[\u0000-\u001f]/.test(value)) return null;
  return value;
}
