import {
  Bell,
  BellRing,
  Box,
  HelpCircle,
  Inbox,
  LayoutDashboard,
  MessageSquare,
  Plane,
  Send,
  User,
} from 'lucide-react';
import { MessagesHeaderLink, UnreadMessagesCount } from '#web/features/chat/components/unread-messages-count.tsx';
import {
  NotificationsBell,
  UnreadNotificationsCount,
} from '#web/features/notifications/components/notifications-bell.tsx';
import { useSession } from '#web/lib/session.ts';
import { LiveUpdates } from '../live-updates.tsx';
import { type NavItem, SidebarShell } from './sidebar-shell.tsx';

const nav: NavItem[] = [
  { to: '/user/dashboard', label: 'Dashboard', icon: <LayoutDashboard /> },
  { to: '/user/packages/send-a-package', label: 'Send a package', icon: <Send />, end: true },
  { to: '/user/packages/carry-a-package', label: 'Carry a package', icon: <Plane />, end: true },
  { to: '/user/packages/my-packages', label: 'My packages', icon: <Box /> },
  { to: '/user/packages/requests', label: 'Requests', icon: <Inbox /> },
  { to: '/user/communication/messages', label: 'Messages', icon: <MessageSquare />, badge: <UnreadMessagesCount /> },
  {
    to: '/user/communication/notifications',
    label: 'Notifications',
    icon: <Bell />,
    badge: <UnreadNotificationsCount />,
  },
  { to: '/user/alerts', label: 'Route alerts', icon: <BellRing /> },
  { to: '/user/profile/my-profile', label: 'My profile', icon: <User /> },
  { to: '/user/help-center', label: 'Help center', icon: <HelpCircle /> },
];

export function DashboardLayout() {
  const signedIn = Boolean(useSession().data);
  return (
    <>
      <SidebarShell
        layout="dashboard"
        nav={nav}
        navLabel="Dashboard"
        home="/user/dashboard"
        headerLinks={
          signedIn ? (
            <>
              <MessagesHeaderLink />
              <NotificationsBell />
            </>
          ) : null
        }
      />
      <LiveUpdates />
    </>
  );
}
