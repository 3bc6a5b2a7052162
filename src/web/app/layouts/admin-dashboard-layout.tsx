import {
  ArrowLeftRight,
  Box,
  CreditCard,
  Gauge,
  History,
  Inbox,
  LifeBuoy,
  Megaphone,
  Plane,
  Settings,
  Users,
} from 'lucide-react';
import { MessagesHeaderLink } from '#web/features/chat/components/unread-messages-count.tsx';
import { NotificationsBell } from '#web/features/notifications/components/notifications-bell.tsx';
import { LiveUpdates } from '../live-updates.tsx';
import { type NavItem, SidebarShell } from './sidebar-shell.tsx';

const nav: NavItem[] = [
  { to: '/admin/dashboard', label: 'Dashboard', icon: <Gauge /> },
  { to: '/admin/users', label: 'Users', icon: <Users /> },
  { to: '/admin/packages', label: 'Packages', icon: <Box /> },
  { to: '/admin/payments', label: 'Payments', icon: <CreditCard /> },
  { to: '/admin/requests', label: 'Requests', icon: <Inbox /> },
  { to: '/admin/transactions', label: 'Transactions', icon: <ArrowLeftRight /> },
  { to: '/admin/travel-plans', label: 'Travel plans', icon: <Plane /> },
  { to: '/admin/communications/notifications', label: 'Communications', icon: <Megaphone /> },
  { to: '/admin/support', label: 'Support', icon: <LifeBuoy /> },
  { to: '/admin/system-settings', label: 'System settings', icon: <Settings /> },
  { to: '/admin/audit-log', label: 'Audit log', icon: <History /> },
];

/** Admins are members too: their messages and notifications (disputes, KYC reviews) reach them here, live. */
export function AdminDashboardLayout() {
  return (
    <>
      <SidebarShell
        layout="admin-dashboard"
        nav={nav}
        navLabel="Back office"
        home="/admin/dashboard"
        headerLinks={
          <>
            <MessagesHeaderLink />
            <NotificationsBell />
          </>
        }
      />
      <LiveUpdates />
    </>
  );
}
