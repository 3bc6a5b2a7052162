import { type ReactNode, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogTrigger } from '#web/components/ui/dialog.tsx';

/**
 * A button that asks before doing something that cannot be undone. The dialog stays open while the
 * action runs and shows its error; it closes only once the action has succeeded. Shared by the
 * features that ask (cancelling a package, declining or withdrawing a request, confirming a delivery).
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel,
  keepLabel,
  onConfirm,
  confirmVariant = 'destructive',
  children,
}: {
  trigger: ReactNode;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  keepLabel: string;
  /** Resolves on success; rejects with the words to show. */
  onConfirm: () => Promise<void>;
  /** Primary for a step forward (confirming a delivery), destructive for one that ends something. */
  confirmVariant?: 'primary' | 'destructive';
  /** More to read before confirming, under the description. */
  children?: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      setOpen(false);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!busy) setOpen(next);
        if (next) setError(null);
      }}
    >
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent title={title} description={description}>
        {children}
        <div role="alert">
          {error ? (
            <p className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">{error}</p>
          ) : null}
        </div>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary">{keepLabel}</Button>
          </DialogClose>
          <Button variant={confirmVariant} onClick={confirm} aria-disabled={busy || undefined}>
            {busy ? 'Working…' : confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
