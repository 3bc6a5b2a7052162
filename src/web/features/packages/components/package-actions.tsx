import { CreditCard, ImagePlus, Pencil, Trash2, XCircle } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import type { Package } from '#shared/packages.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog/confirm-dialog.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { errorMessage, errorStatus } from '#web/lib/errors/describe-error.ts';
import { showToast } from '#web/lib/toasts.ts';
import { useCancelPackage, useDeletePackage } from '../api/packages.ts';

export const PHOTO_INPUT_ID = 'package-photo-input';

const CANCEL_REFUSED = 'This package can no longer be cancelled here.';

const closed = "It moves to Closed in your packages, with its history. A cancelled package can't be published again.";

/** What cancelling does to the money, by status (docs/product.md §5's refund policy). */
const cancelWords = {
  draft: { description: closed, done: 'The package is cancelled.' },
  open: {
    description: `No traveler is matched yet, so everything you paid comes back to you. ${closed}`,
    done: 'The package is cancelled. Everything you paid is on its way back to you.',
  },
  matched: {
    description: `A traveler is matched, so you get back everything but the platform fee. ${closed}`,
    done: 'The package is cancelled. Your refund, less the platform fee, is on its way back to you.',
  },
} as const;

/** The buttons for what the viewer may do with the package now (the server's `actions`). */
export function PackageActions({ pkg }: { pkg: Package }) {
  const navigate = useNavigate();
  const remove = useDeletePackage(pkg.id);
  const cancel = useCancelPackage(pkg.id);
  const can = (action: Package['actions'][number]) => pkg.actions.includes(action);
  const paid = pkg.status === 'open' || pkg.status === 'matched' ? pkg.status : null;
  if (pkg.actions.length === 0) return null;

  return (
    <>
      {can('pay') ? (
        <Button asChild>
          <Link to={`/user/packages/${pkg.id}/payment`}>
            <CreditCard aria-hidden="true" className="size-4" />
            Pay
          </Link>
        </Button>
      ) : null}
      {can('edit') ? (
        <Button asChild variant="secondary">
          <Link to={`/user/packages/send-a-package?draft=${pkg.id}`}>
            <Pencil aria-hidden="true" className="size-4" />
            Edit
          </Link>
        </Button>
      ) : null}
      {can('add_photos') ? (
        <Button
          variant="secondary"
          onClick={() => {
            const input = document.getElementById(PHOTO_INPUT_ID);
            input?.scrollIntoView({ block: 'center' });
            input?.focus();
          }}
        >
          <ImagePlus aria-hidden="true" className="size-4" />
          Add photos
        </Button>
      ) : null}
      {can('cancel') ? (
        <ConfirmDialog
          trigger={
            <Button variant="secondary">
              <XCircle aria-hidden="true" className="size-4" />
              Cancel package
            </Button>
          }
          title="Cancel this package?"
          description={cancelWords[paid ?? 'draft'].description}
          keepLabel="Keep it"
          confirmLabel="Cancel package"
          onConfirm={async () => {
            try {
              await cancel.mutateAsync();
            } catch (err) {
              // Whichever move got there first (a payment, a match), the package is past cancelling here.
              throw new Error(errorStatus(err) === 409 ? CANCEL_REFUSED : errorMessage(err));
            }
            showToast(cancelWords[paid ?? 'draft'].done, 'success');
          }}
        />
      ) : null}
      {can('delete') ? (
        <ConfirmDialog
          trigger={
            <Button variant="destructive">
              <Trash2 aria-hidden="true" className="size-4" />
              Delete draft
            </Button>
          }
          title="Delete this draft?"
          description="The draft and its photos are removed for good."
          keepLabel="Keep the draft"
          confirmLabel="Delete draft"
          onConfirm={async () => {
            try {
              await remove.mutateAsync();
            } catch (err) {
              throw new Error(errorMessage(err));
            }
            showToast('The draft is deleted.', 'success');
            navigate('/user/packages/my-packages?group=drafts', { replace: true });
          }}
        />
      ) : null}
    </>
  );
}
