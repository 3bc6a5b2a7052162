import { useState } from 'react';
import { DELETE_ACCOUNT_CONFIRMATION } from '#shared/profiles.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { FormStatus } from '#web/components/ui/form-status.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { errorMessage } from '#web/lib/errors/describe-error.ts';
import { useDeleteAccount } from '../api/account.ts';

/** Deleting needs the word typed out, so a stray click or Enter cannot do it. */
export function DeleteAccountDialog({ onDeleted }: { onDeleted: () => void }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const remove = useDeleteAccount(onDeleted);
  const confirmed = typed.trim() === DELETE_ACCOUNT_CONFIRMATION;

  const onOpenChange = (next: boolean) => {
    if (remove.isPending) return;
    setOpen(next);
    if (!next) {
      setTyped('');
      setError(null);
    }
  };

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!confirmed || remove.isPending) return;
    setError(null);
    try {
      await remove.mutateAsync();
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="destructive">Delete my account</Button>
      </DialogTrigger>
      <DialogContent
        title="Delete your account?"
        description="This cannot be undone. You are signed out on every device, and your name, photo, bio, e-mail address and mobile number are removed from Tagalong. Payment records are kept for our accounts, without your personal details."
      >
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <div>
            <FormField
              id="delete-confirm"
              label={`Type ${DELETE_ACCOUNT_CONFIRMATION} to confirm`}
              hint="In capital letters."
            >
              <Input
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
              />
            </FormField>
            <FormStatus error={error} messageClassName="mt-3" />
          </div>
          <DialogFooter className="mt-2">
            <DialogClose asChild>
              <Button variant="secondary" disabled={remove.isPending}>
                Keep my account
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={!confirmed || remove.isPending}>
              {remove.isPending ? 'Deleting…' : 'Delete my account'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
