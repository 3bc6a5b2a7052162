import { type ReactNode, useId, useState } from 'react';
import { type Currency, formatMoney, parseMajorAmount } from '#shared/money.ts';
import { REQUEST_LIMITS } from '#shared/requests.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';

/** What a failed send tells the dialog: a message for the field, or for the whole form. */
export class RequestSendError extends Error {
  readonly field: string | null;
  constructor(message: string, field: string | null = null) {
    super(message);
    this.name = 'RequestSendError';
    this.field = field;
  }
}

/**
 * Starting a request ("Offer to carry", "Invite"): a small dialog with an optional message to the
 * other member and the send button. Shared by the two features that start requests. The dialog
 * stays open while sending and shows why a send failed; it closes once the request exists.
 */
export function RequestMessageDialog({
  trigger,
  title,
  description,
  messageLabel,
  messageHint,
  sendLabel,
  reward,
  onSend,
}: {
  trigger: ReactNode;
  title: string;
  description: ReactNode;
  messageLabel: string;
  messageHint: string;
  sendLabel: string;
  /** The package's reward: the member may propose another (docs/product.md §4.5). */
  reward?: { posted: number; currency: Currency };
  /** Resolves once sent; rejects with a RequestSendError (or any Error) carrying the words to show. */
  onSend: (message: string | undefined, reward: number | undefined) => Promise<void>;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const [price, setPrice] = useState('');
  const [priceError, setPriceError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const tooLong = message.trim().length > REQUEST_LIMITS.message;

  const send = async (event: React.FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFormError(null);
    if (tooLong) {
      setFieldError(`Keep the message under ${REQUEST_LIMITS.message} characters`);
      document.getElementById(`${id}-message`)?.focus();
      return;
    }
    setFieldError(null);
    const proposed = price.trim() === '' ? undefined : parseMajorAmount(price);
    if (proposed === null) {
      setPriceError('Enter an amount like 25 or 25.50, or leave it empty');
      document.getElementById(`${id}-reward`)?.focus();
      return;
    }
    setPriceError(null);
    setBusy(true);
    try {
      await onSend(message.trim() || undefined, proposed === reward?.posted ? undefined : proposed);
      setOpen(false);
      setMessage('');
      setPrice('');
    } catch (err) {
      if (err instanceof RequestSendError && err.field === 'message') setFieldError(err.message);
      else if (err instanceof RequestSendError && err.field === 'reward') setPriceError(err.message);
      else setFormError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        setOpen(next);
        if (next) {
          setFieldError(null);
          setPriceError(null);
          setFormError(null);
        }
      }}
    >
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent title={title} description={description}>
        <form onSubmit={send} noValidate className="flex flex-col gap-4" aria-label={title}>
          <FormField
            id={`${id}-message`}
            label={
              <>
                {messageLabel} <span className="font-normal text-slate-600">(optional)</span>
              </>
            }
            hint={`${messageHint} ${message.trim().length}/${REQUEST_LIMITS.message} characters.`}
            error={fieldError}
          >
            <Textarea
              value={message}
              rows={4}
              onChange={(event) => setMessage(event.target.value)}
              aria-invalid={tooLong || undefined}
            />
          </FormField>
          {reward ? (
            <FormField
              id={`${id}-reward`}
              label={
                <>
                  Propose another reward <span className="font-normal text-slate-600">(optional)</span>
                </>
              }
              hint={`Leave it empty to agree to the ${formatMoney(reward.posted, reward.currency)} posted. The other member may accept, decline or counter.`}
              error={priceError}
            >
              <Input
                value={price}
                inputMode="decimal"
                autoComplete="off"
                className="sm:max-w-40"
                onChange={(event) => setPrice(event.target.value)}
              />
            </FormField>
          ) : null}
          <div role="alert" aria-atomic="true">
            {formError ? (
              <p className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">{formError}</p>
            ) : null}
          </div>
          <DialogFooter className="mt-0">
            <DialogClose asChild>
              <Button variant="secondary">Not now</Button>
            </DialogClose>
            <Button type="submit" aria-disabled={busy || undefined}>
              {busy ? 'Sending…' : sendLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
