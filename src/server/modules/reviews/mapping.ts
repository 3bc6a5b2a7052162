import type { user } from '#server/db/schema/auth.ts';
import type { reviews } from '#server/db/schema/requests.ts';
import type { Review } from '#shared/reviews.ts';

export type ReviewRow = typeof reviews.$inferSelect;
type Author = Pick<typeof user.$inferSelect, 'id' | 'name' | 'image'>;

/** A review as the contract shows it; the author's role is read off the package's sender. */
export function toReview(row: ReviewRow, author: Author, senderId: string): Review {
  return {
    id: row.id,
    packageId: row.packageId,
    author: { id: author.id, name: author.name, image: author.image },
    authorRole: row.authorId === senderId ? 'sender' : 'traveler',
    rating: row.rating,
    comment: row.comment,
    createdAt: row.createdAt.toISOString(),
  };
}
