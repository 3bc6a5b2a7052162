/** Mutation keys of the packages feature; what it reads is keyed in #web/api/packages.ts. */
export const packageMutationKeys = {
  all: ['packages'] as const,
  create: () => [...packageMutationKeys.all, 'create'] as const,
  update: (id: string) => [...packageMutationKeys.all, 'update', id] as const,
  remove: (id: string) => [...packageMutationKeys.all, 'delete', id] as const,
  cancel: (id: string) => [...packageMutationKeys.all, 'cancel', id] as const,
  photos: (id: string) => [...packageMutationKeys.all, 'photos', id] as const,
  /** The delivery lifecycle's moves. */
  move: (id: string, move: string) => [...packageMutationKeys.all, 'move', id, move] as const,
};
