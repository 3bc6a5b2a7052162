import type { ComponentType } from 'react';
import type { routes } from '#shared/routes.ts';

type PagePath = Exclude<(typeof routes)[number], { redirectTo: string }>['path'];
type PageModule = { default: ComponentType };

/**
 * Each page of the route table and the file that holds it (lazy: one chunk per page). The build
 * reads this table as text for each page's preload links (vite.config.ts, ADR 0054): keep the
 * `'path': () => import('#web/…')` shape.
 */
export const pages: Record<PagePath, () => Promise<PageModule>> = {
  '/': () => import('#web/features/public/pages/home-page.tsx'),
  '/about': () => import('#web/features/public/pages/about-page.tsx'),
  '/packages': () => import('#web/features/browse/pages/browse-packages-page.tsx'),
  '/trips': () => import('#web/features/browse/pages/browse-trips-page.tsx'),
  '/trips/{id}': () => import('#web/features/browse/pages/trip-page.tsx'),
  '/ui': () => import('#web/features/design-system/pages/ui-page.tsx'),
  '/need-help': () => import('#web/features/public/pages/need-help-page.tsx'),
  '/unauthorized': () => import('#web/features/public/pages/unauthorized-page.tsx'),
  '/refund-policy': () => import('#web/features/public/pages/refund-policy-page.tsx'),
  '/privacy-policy': () => import('#web/features/public/pages/privacy-policy-page.tsx'),
  '/terms-and-conditions': () => import('#web/features/public/pages/terms-page.tsx'),
  '/test': () => import('#web/features/diagnostics/pages/test-page.tsx'),
  '/test/socket': () => import('#web/features/diagnostics/pages/socket-test-page.tsx'),
  '/auth/login': () => import('#web/features/auth/pages/login-page.tsx'),
  '/auth/login_test': () => import('#web/features/demo/pages/login-test-page.tsx'),
  '/auth/register': () => import('#web/features/auth/pages/register-page.tsx'),
  '/auth/forgot-password': () => import('#web/features/auth/pages/forgot-password-page.tsx'),
  '/auth/reset-password': () => import('#web/features/auth/pages/reset-password-page.tsx'),
  '/auth/add-mobile-number': () => import('#web/features/auth/pages/add-mobile-number-page.tsx'),
  '/auth/connect-with-google': () => import('#web/features/auth/pages/connect-with-google-page.tsx'),
  '/kyc/kycaid-callback': () => import('#web/features/kyc/pages/kyc-callback-page.tsx'),
  '/kyc/sandbox/{token}': () => import('#web/features/kyc/pages/sandbox-page.tsx'),
  '/pay/sandbox/{ref}': () => import('#web/features/payments/pages/sandbox-checkout-page.tsx'),
  '/dev/crash': () => import('#web/features/diagnostics/pages/crash-page.tsx'),
  '/dev/mailbox': () => import('#web/features/dev-outbox/pages/mailbox-page.tsx'),
  '/dashboard': () => import('#web/features/dashboard/pages/dashboard-redirect-page.tsx'),
  '/user/dashboard': () => import('#web/features/dashboard/pages/user-dashboard-page.tsx'),
  '/user/profile/my-profile': () => import('#web/features/profiles/pages/my-profile-page.tsx'),
  '/user/profile/profile-settings': () => import('#web/features/profiles/pages/profile-settings-page.tsx'),
  '/user/communication/notifications': () => import('#web/features/notifications/pages/notifications-page.tsx'),
  '/user/communication/messages': () => import('#web/features/chat/pages/messages-page.tsx'),
  '/user/help-center': () => import('#web/features/help/pages/help-center-page.tsx'),
  '/user/alerts': () => import('#web/features/route-alerts/pages/route-alerts-page.tsx'),
  '/user/help-center/{id}': () => import('#web/features/help/pages/ticket-page.tsx'),
  '/user/view/{id}': () => import('#web/features/profiles/pages/member-page.tsx'),
  '/user/packages/requests': () => import('#web/features/requests/pages/requests-page.tsx'),
  '/user/packages/my-packages': () => import('#web/features/packages/pages/my-packages-page.tsx'),
  '/user/packages/{package_id}': () => import('#web/features/packages/pages/package-page.tsx'),
  '/user/packages/{package_id}/payment': () => import('#web/features/payments/pages/payment-page.tsx'),
  '/user/packages/{package_id}/payment/callback': () =>
    import('#web/features/payments/pages/payment-callback-page.tsx'),
  '/user/packages/send-a-package': () => import('#web/features/packages/pages/send-a-package-page.tsx'),
  '/user/packages/send-a-package/payment-process': () =>
    import('#web/features/payments/pages/payment-process-page.tsx'),
  '/user/packages/send-a-package/searching-for-traveler': () =>
    import('#web/features/requests/pages/searching-for-traveler-page.tsx'),
  '/user/packages/carry-a-package': () => import('#web/features/travel-plans/pages/carry-a-package-page.tsx'),
  '/user/packages/carry-a-package/choose-your-package': () =>
    import('#web/features/travel-plans/pages/choose-your-package-page.tsx'),
  '/admin/dashboard': () => import('#web/features/admin/pages/admin-dashboard-page.tsx'),
  '/admin/users': () => import('#web/features/admin/pages/users-page.tsx'),
  '/admin/users/{id}': () => import('#web/features/admin/pages/user-page.tsx'),
  '/admin/packages': () => import('#web/features/admin/pages/packages-page.tsx'),
  '/admin/packages/{id}': () => import('#web/features/admin/pages/package-page.tsx'),
  '/admin/payments': () => import('#web/features/admin/pages/payments-page.tsx'),
  '/admin/requests': () => import('#web/features/admin/pages/requests-page.tsx'),
  '/admin/requests/{id}': () => import('#web/features/admin/pages/request-page.tsx'),
  '/admin/transactions': () => import('#web/features/admin/pages/transactions-page.tsx'),
  '/admin/travel-plans': () => import('#web/features/admin/pages/travel-plans-page.tsx'),
  '/admin/travel-plans/{id}': () => import('#web/features/admin/pages/travel-plan-page.tsx'),
  '/admin/system-settings': () => import('#web/features/admin/pages/system-settings-page.tsx'),
  '/admin/audit-log': () => import('#web/features/admin/pages/audit-log-page.tsx'),
  '/admin/support': () => import('#web/features/admin/pages/support-page.tsx'),
  '/admin/support/{id}': () => import('#web/features/admin/pages/support-ticket-page.tsx'),
  '/admin/communications/notifications': () => import('#web/features/admin/pages/communications-page.tsx'),
};
