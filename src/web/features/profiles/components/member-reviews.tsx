import type { ReactNode } from 'react';
import type { Review } from '#shared/reviews.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { ratingText, StarRating } from '#web/components/ui/star-rating.tsx';
import { EmptyState, ErrorState } from '#web/components/ui/states.tsx';
import { TextLink } from '#web/components/ui/text-link.tsx';
import { formatDate } from '#web/lib/format.ts';
import { useMemberReviews } from '../api/member-reviews.ts';
import { MemberAvatar } from './member-avatar.tsx';

const roleWords: Record<Review['authorRole'], string> = {
  sender: 'Sender',
  traveler: 'Traveler',
};

function ReviewItem({ review }: { review: Review }) {
  return (
    <article className="flex gap-3" aria-label={`Review by ${review.author.name}`}>
      <MemberAvatar name={review.author.name} image={review.author.image} size="sm" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
          <TextLink to={`/user/view/${review.author.id}`} className="break-words">
            {review.author.name}
          </TextLink>
          <span className="text-sm text-slate-600">{roleWords[review.authorRole]}</span>
          <time className="text-sm text-slate-600" dateTime={review.createdAt}>
            {formatDate(review.createdAt)}
          </time>
        </div>
        <StarRating rating={review.rating} className="mt-1" />
        {review.comment ? (
          <p className="mt-1 whitespace-pre-line break-words text-slate-800">{review.comment}</p>
        ) : null}
      </div>
    </article>
  );
}

/**
 * The member page's reviews: the rating over what other members wrote after a delivery, and the
 * reviews themselves, newest first, a page at a time. Only reviews already revealed ever arrive here.
 */
export function MemberReviews({ memberId, isMe }: { memberId: string; isMe: boolean }) {
  const list = useMemberReviews(memberId);
  const headingId = `reviews-${memberId}`;

  let body: ReactNode;
  if (list.isPending) {
    body = (
      <div className="flex flex-col gap-3">
        <Spinner label="Loading reviews" />
        {[0, 1].map((i) => (
          <Skeleton key={i} className="h-16 w-full" />
        ))}
      </div>
    );
  } else if (list.isError) {
    body = (
      <ErrorState title="We couldn't load the reviews" headingLevel={3} onRetry={() => void list.refetch()}>
        Check your connection and try again.
      </ErrorState>
    );
  } else {
    const [first] = list.data.pages;
    const rating = first?.rating ?? { average: null, count: 0 };
    const items = list.data.pages.flatMap((page) => page.items);
    body =
      items.length === 0 ? (
        <EmptyState title="No reviews yet" headingLevel={3}>
          {isMe
            ? 'After a delivery is completed, the member on the other side can review you. Reviews show once you have both written yours, or 14 days after completion.'
            : 'Reviews appear here after this member completes a delivery with someone, once both sides have reviewed or 14 days have passed.'}
        </EmptyState>
      ) : (
        <div className="flex flex-col gap-4">
          {rating.average !== null ? (
            <p className="flex flex-wrap items-center gap-2 text-slate-900">
              <StarRating rating={rating.average} decorative />
              <span className="font-semibold">{ratingText(rating.average)}</span>
              <span className="text-slate-600">
                from {rating.count} {rating.count === 1 ? 'review' : 'reviews'}
              </span>
            </p>
          ) : null}
          <ul aria-labelledby={headingId} className="flex flex-col divide-y divide-slate-200">
            {items.map((review) => (
              <li key={review.id} className="py-4 first:pt-0 last:pb-0">
                <ReviewItem review={review} />
              </li>
            ))}
          </ul>
          <p role="status" className="text-sm text-slate-600">
            {list.hasNextPage
              ? `${items.length} of ${rating.count} shown.`
              : `${items.length} ${items.length === 1 ? 'review' : 'reviews'}, all shown.`}
          </p>
          {list.isFetchNextPageError ? (
            <p role="alert" className="text-sm font-medium text-red-700">
              We couldn't load more reviews. Check your connection and try again.
            </p>
          ) : null}
          {list.hasNextPage ? (
            <div>
              <Button
                variant="secondary"
                onClick={() => void (list.isFetchingNextPage ? undefined : list.fetchNextPage())}
                aria-disabled={list.isFetchingNextPage || undefined}
              >
                {list.isFetchingNextPage ? 'Loading…' : 'Load more reviews'}
              </Button>
            </div>
          ) : null}
        </div>
      );
  }

  return (
    <section aria-labelledby={headingId}>
      <Card>
        <CardContent className="flex flex-col gap-4 pt-5 sm:pt-6">
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            Reviews
          </h2>
          {body}
        </CardContent>
      </Card>
    </section>
  );
}
