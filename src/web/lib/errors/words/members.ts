import type { ErrorWords } from '../types.ts';

export const membersWords = {
  OWN_ACCOUNT_ACTION: 'You can’t ban yourself or change your own role: ask another administrator.',
  BAN_ADMIN: 'This member is an administrator: remove their admin role before banning them.',
  MEMBER_ALREADY_BANNED: 'This member is already banned.',
  MEMBER_NOT_BANNED: 'This member isn’t banned.',
  ROLE_UNCHANGED: 'This member already has this role.',
  ADMIN_ROLE_BANNED: 'Unban this member before making them an administrator.',
} as const satisfies Record<string, ErrorWords>;
