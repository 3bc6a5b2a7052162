import type { PackageStatusGroup } from '#shared/packages.ts';

/** Query and mutation keys of the packages feature, from one factory. */
export const packageKeys = {
  all: ['packages'] as const,
  details: () => [...packageKeys.all, 'detail'] as const,
  detail: (id: string) => [...packageKeys.details(), id] as const,
  lists: () => [...packageKeys.all, 'list'] as const,
  list: (group: PackageStatusGroup, q: string) => [...packageKeys.lists(), { group, q }] as const,
  create: () => [...packageKeys.all, 'create'] as const,
  update: (id: string) => [...packageKeys.all, 'update', id] as const,
  remove: (id: string) => [...packageKeys.all, 'delete', id] as const,
  cancel: (id: string) => [...packageKeys.all, 'cancel', id] as const,
  photos: (id: string) => [...packageKeys.all, 'photos', id] as const,
  /** The package's newest payment, as its page summarises it. */
  payment: (id: string) => [...packageKeys.all, 'payment', id] as const,
  /** The delivery lifecycle: the sender's codes, the dispute, the reviews, and the moves. */
  codes: (id: string) => [...packageKeys.all, 'codes', id] as const,
  dispute: (id: string) => [...packageKeys.all, 'dispute', id] as const,
  review: (id: string) => [...packageKeys.all, 'review', id] as const,
  move: (id: string, move: string) => [...packageKeys.all, 'move', id, move] as const,
};
