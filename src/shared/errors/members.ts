import type { ErrorEntry } from './entry.ts';

// The back office's actions on members (docs/product.md §8.3).
export const membersErrors = {
  OWN_ACCOUNT_ACTION: { status: 409, message: 'Ask another administrator to ban you or change your own role.' },
  BAN_ADMIN: { status: 409, message: 'Remove this member’s admin role before banning them.' },
  MEMBER_ALREADY_BANNED: { status: 409, message: 'This member is already banned.' },
  MEMBER_NOT_BANNED: { status: 409, message: 'This member is not banned.' },
  ROLE_UNCHANGED: { status: 409, message: 'This member already has this role.' },
  ADMIN_ROLE_BANNED: { status: 409, message: 'Unban this member before making them an administrator.' },
} as const satisfies Record<string, ErrorEntry>;
