import { useId, useState } from 'react';
import { REVIEW_LIMITS, type Review, writeReviewSchema } from '#shared/reviews.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { StarRating } from '#web/components/ui/star-rating.tsx';
import { ErrorState } from '#web/components/ui/states.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { errorMessage, fieldErrors } from '#web/lib/errors/describe-error.ts';
import { formatDate, formatDateTime } from '#web/lib/format.ts';
import { showToast } from '#web/lib/toasts.ts';
import { useReviewState, useWriteReview } from '../api/lifecycle.ts';
import { StarRatingInput } from './star-rating-input.tsx';

type Role = 'sender' | 'traveler';
const other = (role: Role) => (role === 'sender' ? 'traveler' : 'sender');

function ReviewView({ review, heading }: { review: Review; heading: string }) {
  return (
    <figure className="flex flex-col gap-1 rounded-md border border-slate-200 p-3" data-review-by={review.authorRole}>
      <figcaption className="text-sm font-medium text-slate-900">{heading}</figcaption>
      <span className="inline-flex items-center">
        <span className="sr-only">Rated {review.rating} out of 5</span>
        <StarRating rating={review.rating} size="md" decorative />
      </span>
      {review.comment ? (
        <blockquote className="text-sm whitespace-pre-line break-words text-slate-800">{review.comment}</blockquote>
      ) : null}
      <p className="text-xs text-slate-600">
        {review.author.name}, <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
      </p>
    </figure>
  );
}

function ReviewForm({ packageId, role }: { packageId: string; role: Role }) {
  const id = useId();
  const write = useWriteReview(packageId);
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<{ rating?: string; comment?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (write.isPending) return;
    setFormError(null);
    const parsed = writeReviewSchema.safeParse({ rating: rating ?? undefined, comment: comment || undefined });
    if (!parsed.success) {
      const next: { rating?: string; comment?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as 'rating' | 'comment';
        next[field] ??= issue.message;
      }
      setErrors(next);
      const first = next.rating
        ? document.querySelector<HTMLInputElement>(`input[name="${id}-rating"]`)
        : document.getElementById(`${id}-comment`);
      first?.focus();
      return;
    }
    setErrors({});
    try {
      await write.mutateAsync(parsed.data);
      showToast('Thank you: your review is saved.', 'success');
    } catch (err) {
      const fields = fieldErrors(err);
      if (fields.rating || fields.comment) setErrors({ rating: fields.rating, comment: fields.comment });
      else setFormError(errorMessage(err));
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label={`Review the ${other(role)}`} className="flex flex-col gap-4">
      <StarRatingInput
        name={`${id}-rating`}
        legend={`How was the ${other(role)}?`}
        value={rating}
        onChange={setRating}
        error={errors.rating}
        errorId={`${id}-rating-error`}
      />
      <FormField
        id={`${id}-comment`}
        label={
          <>
            Comment <span className="font-normal text-slate-600">(optional)</span>
          </>
        }
        hint={`What went well, what could be better. Up to ${REVIEW_LIMITS.comment} characters.`}
        error={errors.comment}
      >
        <Textarea value={comment} rows={4} onChange={(event) => setComment(event.target.value)} />
      </FormField>
      <div role="alert" aria-atomic="true">
        {formError ? (
          <p className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">{formError}</p>
        ) : null}
      </div>
      <div>
        <Button type="submit" aria-disabled={write.isPending || undefined}>
          {write.isPending ? 'Saving…' : 'Submit review'}
        </Button>
      </div>
    </form>
  );
}

/**
 * After completion: my review of the other side (the form until I have written it), and theirs of
 * me once revealed — when both have written one, or when the review period ends (Sharetribe's rule).
 */
export function ReviewSection({ packageId, role }: { packageId: string; role: Role }) {
  const state = useReviewState(packageId, true);
  if (state.isPending) return <Skeleton className="h-32 w-full" />;
  if (state.isError) {
    return (
      <ErrorState title="We couldn't load the reviews" headingLevel={3} onRetry={() => void state.refetch()}>
        {errorMessage(state.error)}
      </ErrorState>
    );
  }
  const { canReview, mine, theirs, revealAt } = state.data;
  const revealWhen = revealAt ? (
    <time dateTime={revealAt}>{formatDateTime(revealAt)}</time>
  ) : (
    'the end of the review period'
  );
  return (
    <div className="flex flex-col gap-4">
      {mine ? (
        <ReviewView review={mine} heading={`Your review of the ${other(role)}`} />
      ) : canReview ? (
        <>
          <p className="text-sm text-slate-700">
            Reviews stay hidden until you have both written one, or until {revealWhen}: neither of you reads the other's
            first.
          </p>
          <ReviewForm packageId={packageId} role={role} />
        </>
      ) : (
        <p className="text-sm text-slate-700">The review period for this delivery has ended.</p>
      )}
      {theirs ? (
        <ReviewView review={theirs} heading={`The ${other(role)}’s review of you`} />
      ) : mine ? (
        <p className="text-sm text-slate-700">
          The {other(role)}’s review of you shows here as soon as they write it (they can until {revealWhen}).
        </p>
      ) : null}
    </div>
  );
}
