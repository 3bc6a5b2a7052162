/** Mutation keys of the profiles feature; what it reads is keyed in #web/api (profiles, reviews). */
export const profileMutationKeys = {
  all: ['profiles'] as const,
  update: () => [...profileMutationKeys.all, 'update'] as const,
  avatar: () => [...profileMutationKeys.all, 'avatar'] as const,
  changePassword: () => [...profileMutationKeys.all, 'change-password'] as const,
  changeEmail: () => [...profileMutationKeys.all, 'change-email'] as const,
  deleteAccount: () => [...profileMutationKeys.all, 'delete-account'] as const,
};
