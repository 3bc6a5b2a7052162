import type { AdminPayment } from '#shared/admin-money.ts';

/** A paid Stripe payment of "Books for Berlin" as the back office lists it; tests change what they need. */
export const adminPayment = (over: Partial<AdminPayment> = {}): AdminPayment => ({
  id: '00000000-0000-4000-8000-000000000001',
  packageId: '00000000-0000-4000-8000-0000000000a1',
  kind: 'package',
  status: 'succeeded',
  provider: 'stripe',
  amount: 2750,
  reward: 2500,
  fee: 250,
  currency: 'EUR',
  refundedAmount: 0,
  failureReason: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  packageTitle: 'Books for Berlin',
  packageStatus: 'open',
  providerRef: 'cs_test_1',
  providerPaymentRef: 'pi_test_1',
  held: 2750,
  sender: { id: '00000000-0000-4000-8000-0000000000b1', name: 'Rita Sender', email: 'rita@example.test' },
  refundable: 2750,
  mismatch: null,
  refundFailure: null,
  ...over,
});
