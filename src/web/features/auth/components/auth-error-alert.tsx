import { Button } from '#web/components/ui/button.tsx';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { TextLink } from '#web/components/ui/text-link.tsx';
import type { ErrorView } from '#web/lib/errors/types.ts';

interface Props {
  error: ErrorView | null;
  /** Needed when the error offers to resend the verification e-mail (sign-in of an unconfirmed account). */
  onResendVerification?: () => void;
  resending?: boolean;
}

/** A failed account request in the user's words (the words table), with the ways out it offers. */
export function AuthErrorAlert({ error, onResendVerification, resending = false }: Props) {
  const actions = error?.actions ?? [];
  return (
    <FormAlert message={error?.message ?? null}>
      {actions.length > 0
        ? actions.map((action) =>
            action.kind === 'link' ? (
              <TextLink key={action.to} to={action.to} className="text-red-900 hover:text-red-950">
                {action.label}
              </TextLink>
            ) : onResendVerification ? (
              <Button
                key={action.kind}
                variant="secondary"
                size="sm"
                onClick={onResendVerification}
                aria-disabled={resending || undefined}
              >
                {resending ? 'Sending…' : action.label}
              </Button>
            ) : null,
          )
        : null}
    </FormAlert>
  );
}
