/** Query and mutation keys of the profile feature, from one factory. */
export const profileKeys = {
  all: ['profile'] as const,
  mine: () => [...profileKeys.all, 'mine'] as const,
  member: (id: string) => [...profileKeys.all, 'member', id] as const,
  /** Under the member's key: refreshing a member refreshes their reviews too. */
  memberReviews: (id: string) => [...profileKeys.member(id), 'reviews'] as const,
  update: () => [...profileKeys.all, 'update'] as const,
  avatar: () => [...profileKeys.all, 'avatar'] as const,
  changePassword: () => [...profileKeys.all, 'change-password'] as const,
  changeEmail: () => [...profileKeys.all, 'change-email'] as const,
  deleteAccount: () => [...profileKeys.all, 'delete-account'] as const,
};
