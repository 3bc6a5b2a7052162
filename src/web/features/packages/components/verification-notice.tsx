import { ShieldAlert } from 'lucide-react';
import { useLocation } from 'react-router';
import { nextOnboardingStep, withRedirect } from '#shared/onboarding.ts';
import { missingToSend, type PublicSettings, type VerificationCheck } from '#shared/settings.ts';
import { TextLink } from '#web/components/ui/text-link.tsx';
import { useSession } from '#web/lib/session.ts';

const checkWords: Record<VerificationCheck, string> = {
  email: 'confirm your e-mail address',
  phone: 'confirm your mobile number',
  identity: 'pass the identity check',
};

/** "a, b and c" */
const listed = (items: string[]) =>
  items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/**
 * Up front, before any step is filled in: what the member still has to do before they can pay
 * (docs/product.md §1.2, under the settings in force), with a link to the first of it that brings
 * them back here. Nothing when nothing is missing.
 */
export function VerificationNotice(
  props:
    | { purpose?: 'send'; settings: PublicSettings }
    // Carrying always takes the whole profile, whatever the senders' setting.
    | { purpose: 'carry'; settings?: undefined },
) {
  const purpose = props.purpose ?? 'send';
  const me = useSession().data;
  const location = useLocation();
  if (!me) return null;
  const missing = missingToSend(me, props.settings ?? { sendersNeedVerifiedProfile: true });
  if (missing.length === 0) return null;
  const next = nextOnboardingStep(me) ?? '/user/profile/my-profile';
  const here = `${location.pathname}${location.search}${location.hash}`;
  return (
    <section
      aria-labelledby="verification-notice"
      className="mb-4 flex gap-3 rounded-md border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950"
      data-testid="verification-notice"
    >
      <ShieldAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-800" />
      <div>
        <h2 id="verification-notice" className="font-semibold">
          Before you can {purpose === 'send' ? 'pay' : 'offer to carry it'}, {listed(missing.map((m) => checkWords[m]))}
        </h2>
        <p className="mt-1">
          {purpose === 'send'
            ? 'Fill in your package now: it is saved as a draft at every step and waits for you.'
            : 'Senders hand their packages only to members whose identity we have checked. You come back here once done.'}{' '}
          <TextLink to={withRedirect(next, here)} className="text-amber-950 hover:text-amber-900">
            Finish verifying
          </TextLink>
        </p>
      </div>
    </section>
  );
}
