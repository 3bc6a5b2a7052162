import type { ErrorParams } from '#shared/errors.ts';

/** Something the member can do about a failure, shown with its words. */
export type ErrorAction =
  | { kind: 'link'; to: string; label: string }
  /** The sign-in form resends the verification e-mail to the address it holds. */
  | { kind: 'resend-verification'; label: string };

/** How one code reads: a sentence, or a sentence built from the answer's params, and where it goes. */
export type ErrorWords =
  | string
  | {
      message: string | ((params: ErrorParams) => string);
      /** The form field the message belongs beside; the whole form when absent. */
      field?: string;
      actions?: readonly ErrorAction[];
    };

/** What a screen shows for one failure. */
export interface ErrorView {
  /** The catalog code, or NETWORK / UNKNOWN when no coded answer came back. */
  code: string;
  message: string;
  field: string | null;
  actions: readonly ErrorAction[];
  /** For unexpected failures only: what to quote when contacting us. */
  reference: string | null;
  /** The values the server sent with the code (a wait in seconds, tries left), for a screen that shows them live. */
  params: ErrorParams;
}
