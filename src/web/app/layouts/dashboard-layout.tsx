import { Bell, Box, HelpCircle, Inbox, LayoutDashboard, MessageSquare, Plane, Send, User } from 'lucide-react';
import { type NavItem, SidebarShell } from './sidebar-shell.tsx';

const nav: NavItem[] = [
  { to: '/user/dashboard', label: 'Dashboard', icon: <LayoutDashboard /> },
  { to: '/user/packages/send-a-package', label: 'Send a package', icon: <Send />, end: true },
  { to: '/user/packages/carry-a-package', label: 'Carry a package', icon: <Plane />, end: true },
  { to: '/user/packages/my-packages', label: 'My packages', icon: <Box /> },
  { to: '/user/packages/requests', label: 'Requests', icon: <Inbox /> },
  { to: '/user/communication/messages', label: 'Messages', icon: <MessageSquare /> },
  { to: '/user/communication/notifications', label: 'Notifications', icon: <Bell /> },
  { to: '/user/profile/my-profile', label: 'My profile', icon: <User /> },
  { to: '/user/help-center', label: 'Help center', icon: <HelpCircle /> },
];

export function DashboardLayout() {
  return <SidebarShell layout="dashboard" nav={nav} navLabel="Dashboard" home="/user/dashboard" />;
}
