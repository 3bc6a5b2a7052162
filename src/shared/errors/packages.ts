import type { ErrorEntry } from './entry.ts';

/** A package and its photos, as its sender drafts, publishes and cancels it. */
export const packagesErrors = {
  /** Also a package the caller may not see, so that its existence is not given away. */
  PACKAGE_NOT_FOUND: { status: 404, message: 'There is no such package.' },
  PACKAGE_NOT_OPEN: { status: 409, message: 'This package is no longer open.' },
  PACKAGE_PHOTO_NOT_FOUND: { status: 404, message: 'There is no such photo.' },
  PACKAGE_SENDER_ONLY: { status: 403, message: 'Only the sender can change this package.' },
  PACKAGE_NOT_DRAFT: {
    status: 409,
    message: 'Only a draft can be changed; this package is already published or closed.',
  },
  PAID_PACKAGE_NOT_CANCELLABLE: {
    status: 409,
    message: 'A paid package cannot be cancelled here: its refund needs the payments service.',
  },
  /** Two moves raced, or the package moved on since the caller saw it. */
  PACKAGE_STATUS_CHANGED: { status: 409, message: 'The package is no longer in a status that allows this.' },
} as const satisfies Record<string, ErrorEntry>;
