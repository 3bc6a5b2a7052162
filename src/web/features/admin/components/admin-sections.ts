/** The back office's sections, in the order of the sidebar. */
export const adminSections: { to: string; title: string; text: string }[] = [
  { to: '/admin/users', title: 'Users', text: 'Search members, check identities, ban or unban, make admins.' },
  { to: '/admin/packages', title: 'Packages', text: 'Every package and its timeline; resolve disputes.' },
  { to: '/admin/payments', title: 'Payments', text: 'Payments into escrow, and refunds.' },
  { to: '/admin/requests', title: 'Requests', text: 'Offers and invitations between senders and travelers.' },
  { to: '/admin/transactions', title: 'Transactions', text: 'The ledger of every money movement.' },
  { to: '/admin/travel-plans', title: 'Travel plans', text: "Travelers' trips and their free capacity." },
  { to: '/admin/communications/notifications', title: 'Communications', text: 'Broadcast notifications to members.' },
  { to: '/admin/support', title: 'Support', text: 'Messages from members and visitors: answer, assign, close.' },
  { to: '/admin/system-settings', title: 'System settings', text: 'Fees, limits, matching radius, KYC rules.' },
  { to: '/admin/audit-log', title: 'Audit log', text: 'Every administrator action: who, when, why, what changed.' },
];
