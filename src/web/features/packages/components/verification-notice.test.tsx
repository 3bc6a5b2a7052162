// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '#shared/auth.ts';
import { defaultSettings, publicSettingsSchema } from '#shared/settings.ts';
import { member as memberFixture } from '#web/test/members.ts';
import { mockApi, renderPage, seriousViolations } from '#web/test/render.tsx';
import { VerificationNotice } from './verification-notice.tsx';

// What a sender still has to do before paying, said before the first step: under the default rule
// (the whole verified profile) and the relaxed one (e-mail and mobile only), and nothing when done.

const settings = publicSettingsSchema.parse(defaultSettings);
const member = memberFixture();

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const open = (me: Me, rule = true) => {
  mockApi({ 'GET /api/auth/session': () => ({ user: me }) });
  return renderPage(<VerificationNotice settings={{ ...settings, sendersNeedVerifiedProfile: rule }} />, {
    url: '/user/packages/send-a-package?package=p1',
  });
};

describe('VerificationNotice', () => {
  it('names every missing check and links to the first, coming back to the draft', async () => {
    const { container } = open(member);
    expect(
      await screen.findByRole('heading', {
        name: 'Before you can pay, confirm your mobile number and pass the identity check',
      }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Finish verifying' }).getAttribute('href')).toBe(
      `/auth/add-mobile-number?redirect=${encodeURIComponent('/user/packages/send-a-package?package=p1')}`,
    );
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('asks only for the contact details when the settings relax the rule for senders', async () => {
    open(member, false);
    expect(await screen.findByRole('heading', { name: 'Before you can pay, confirm your mobile number' })).toBeTruthy();
  });

  it('says nothing to a member who may pay', async () => {
    const calls = mockApi({
      'GET /api/auth/session': () => ({
        user: { ...member, phoneNumberVerified: true, kycStatus: 'approved', verifiedProfile: true },
      }),
    });
    const { container } = renderPage(<VerificationNotice settings={settings} />, {
      url: '/user/packages/send-a-package',
    });
    await vi.waitFor(() => expect(calls.length).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(container.querySelector('[data-testid="verification-notice"]')).toBeNull();
  });
});

describe('VerificationNotice for carrying', () => {
  it('asks for the whole profile whatever the senders’ rule, and comes back to the offer', async () => {
    mockApi({ 'GET /api/auth/session': () => ({ user: member }) });
    renderPage(<VerificationNotice purpose="carry" />, { url: '/user/packages/p1#offer', path: '/user/packages/p1' });
    expect(
      await screen.findByRole('heading', {
        name: 'Before you can offer to carry it, confirm your mobile number and pass the identity check',
      }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Finish verifying' }).getAttribute('href')).toBe(
      `/auth/add-mobile-number?redirect=${encodeURIComponent('/user/packages/p1#offer')}`,
    );
  });
});
