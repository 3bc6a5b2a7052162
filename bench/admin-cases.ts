// What bench:admin times: every back-office list as an administrator uses it — the first page, each
// status tab and filter, each search, each sort, and a page deep in by cursor.

export interface AdminBenchCase {
  title: string;
  url: string;
  /** Follow the cursor this many pages in before timing (keyset paging must not slow down). */
  depth?: number;
  /** The p95 this case must stay under, when not the lists' 100 ms. */
  targetMs?: number;
}

export interface SampleIds {
  senderId: string;
  travelerId: string;
  memberId: string;
  memberEmail: string;
  memberName: string;
  memberPhone: string;
  packageId: string;
  paymentId: string;
  paymentRef: string;
}

const q = encodeURIComponent;

export function adminBenchCases(ids: SampleIds): AdminBenchCase[] {
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  return [
    // The dashboard: each of its requests, the whole page under 300 ms.
    { title: 'dashboard: needs you now', url: '/api/admin/dashboard/attention', targetMs: 300 },
    { title: 'dashboard: figures now', url: '/api/admin/dashboard/figures', targetMs: 300 },
    {
      title: 'dashboard: last 30 days',
      url: `/api/admin/dashboard/period?from=${day(29)}&to=${day(0)}`,
      targetMs: 300,
    },
    {
      title: 'dashboard: last 365 days',
      url: `/api/admin/dashboard/period?from=${day(364)}&to=${day(0)}`,
      targetMs: 300,
    },
    { title: 'users: first page (newest)', url: '/api/admin/users' },
    { title: 'users: by name', url: '/api/admin/users?sort=name' },
    { title: 'users: by e-mail, page 20', url: '/api/admin/users?sort=email', depth: 20 },
    { title: 'users: page 50', url: '/api/admin/users', depth: 50 },
    { title: 'users: search e-mail prefix', url: `/api/admin/users?q=${q(ids.memberEmail.slice(0, 9))}` },
    { title: 'users: search name', url: `/api/admin/users?q=${q(ids.memberName.split(' ')[0] ?? '')}` },
    { title: 'users: search a word of the name', url: `/api/admin/users?q=${q(ids.memberName.split(' ')[1] ?? '')}` },
    { title: 'users: search phone prefix', url: `/api/admin/users?q=${q(ids.memberPhone.slice(0, 8))}` },
    { title: 'users: search exact id', url: `/api/admin/users?q=${ids.memberId}` },
    { title: 'users: banned', url: '/api/admin/users?banned=true' },
    { title: 'users: admins', url: '/api/admin/users?admin=true' },
    { title: 'users: KYC pending', url: '/api/admin/users?kycStatus=pending' },
    { title: 'users: verified', url: '/api/admin/users?verified=true' },
    { title: 'users: joined in a month', url: '/api/admin/users?joinedFrom=2026-06-01&joinedTo=2026-06-30' },
    { title: 'packages: first page (newest)', url: '/api/admin/packages' },
    { title: 'packages: page 50', url: '/api/admin/packages', depth: 50 },
    { title: 'packages: open', url: '/api/admin/packages?status=open' },
    { title: 'packages: in transit, page 20', url: '/api/admin/packages?status=in_transit', depth: 20 },
    { title: 'packages: expired', url: '/api/admin/packages?status=expired' },
    { title: 'packages: disputes queue', url: '/api/admin/packages?status=disputed' },
    { title: 'packages: disputes queue, page 5', url: '/api/admin/packages?status=disputed', depth: 5 },
    { title: 'packages: search title prefix', url: '/api/admin/packages?q=Camera%20%2312' },
    { title: 'packages: search exact id', url: `/api/admin/packages?q=${ids.packageId}` },
    { title: 'packages: pickup city', url: '/api/admin/packages?pickupCity=Lis' },
    { title: 'packages: route', url: '/api/admin/packages?pickupCity=Paris&dropoffCity=Mad' },
    { title: 'packages: one sender', url: `/api/admin/packages?senderId=${ids.senderId}` },
    { title: 'packages: one traveler', url: `/api/admin/packages?travelerId=${ids.travelerId}` },
    { title: 'packages: created in a month', url: '/api/admin/packages?createdFrom=2026-06-01&createdTo=2026-06-30' },
    { title: 'packages: by deliver-by', url: '/api/admin/packages?sort=deliverBy' },
    { title: 'packages: latest deliver-by, page 20', url: '/api/admin/packages?sort=-deliverBy', depth: 20 },
    { title: 'packages: highest reward', url: '/api/admin/packages?sort=-reward' },
    { title: 'packages: lowest reward, page 20', url: '/api/admin/packages?sort=reward', depth: 20 },
    { title: 'packages: open by reward', url: '/api/admin/packages?status=open&sort=-reward' },
    { title: 'requests: first page', url: '/api/admin/requests' },
    { title: 'requests: pending', url: '/api/admin/requests?status=pending' },
    { title: 'requests: offers', url: '/api/admin/requests?startedBy=traveler' },
    { title: 'requests: one traveler', url: `/api/admin/requests?travelerId=${ids.travelerId}` },
    { title: 'requests: one sender', url: `/api/admin/requests?senderId=${ids.senderId}` },
    { title: 'requests: page 20', url: '/api/admin/requests', depth: 20 },
    { title: 'travel plans: first page', url: '/api/admin/travel-plans' },
    { title: 'travel plans: active', url: '/api/admin/travel-plans?status=active' },
    { title: 'travel plans: by departure', url: '/api/admin/travel-plans?sort=-departure' },
    { title: 'travel plans: from city', url: '/api/admin/travel-plans?fromCity=Lis' },
    { title: 'travel plans: route', url: '/api/admin/travel-plans?fromCity=Paris&toCity=Berl' },
    { title: 'travel plans: one traveler', url: `/api/admin/travel-plans?travelerId=${ids.travelerId}` },
    { title: 'travel plans: page 20', url: '/api/admin/travel-plans', depth: 20 },
    { title: 'payments: by amount', url: '/api/admin/payments?sort=-amount' },
    { title: 'payments: amount range', url: '/api/admin/payments?minAmount=1000&maxAmount=1500' },
    { title: 'payments: one sender', url: `/api/admin/payments?senderId=${ids.senderId}` },
    { title: 'payments: provider reference', url: `/api/admin/payments?q=${q(ids.paymentRef)}` },
    { title: 'payments: period', url: '/api/admin/payments?createdFrom=2026-06-01&createdTo=2026-06-30' },
    { title: 'audit: first page', url: '/api/admin/audit' },
    { title: 'audit: by action', url: '/api/admin/audit?action=package.cancel' },
    { title: 'audit: one record', url: `/api/admin/audit?subjectType=package&subjectId=${ids.packageId}` },
    { title: 'audit: page 20', url: '/api/admin/audit', depth: 20 },
    { title: 'payments: first page', url: '/api/admin/payments' },
    { title: 'payments: refunded', url: '/api/admin/payments?status=refunded' },
    { title: 'payments: page 20', url: '/api/admin/payments', depth: 20 },
    { title: 'payments: one package', url: `/api/admin/payments?packageId=${q(ids.packageId)}` },
  ];
}
