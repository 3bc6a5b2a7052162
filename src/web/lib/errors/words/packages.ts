import type { ErrorWords } from '../types.ts';

export const packagesWords = {
  PACKAGE_NOT_FOUND: 'This package no longer exists. Reload the page to see your packages as they are now.',
  PACKAGE_NOT_OPEN: {
    message: ({ status }) =>
      status
        ? `This package is ${status}: it is no longer looking for a traveler.`
        : 'This package is no longer looking for a traveler.',
  },
  PACKAGE_PHOTO_NOT_FOUND: 'This photo was already removed. Reload the page to see the package as it is now.',
  PACKAGE_SENDER_ONLY: "You can't change this package.",
  PACKAGE_NOT_DRAFT: 'This package is no longer a draft, so it can’t be changed any more.',
  PAID_PACKAGE_NOT_CANCELLABLE: 'This package can no longer be cancelled here.',
  PACKAGE_STATUS_CHANGED: 'This package has moved on in the meantime. Reload the page to see it as it is now.',
} as const satisfies Record<string, ErrorWords>;
