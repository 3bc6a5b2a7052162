// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Dispute } from '#shared/lifecycle.ts';
import { seriousViolations } from '#web/test/render.tsx';
import { EvidenceTimeline } from './evidence-timeline.tsx';

// The dispute's timeline as both the member's page and the back office show it: the opening, the
// handover photos, each side's evidence with photos that open full size, and the resolution.

const PKG = '00000000-0000-4000-8000-000000000001';
const sampleDispute = (over: Partial<Dispute> = {}): Dispute => ({
  id: '00000000-0000-4000-8000-0000000000d1',
  packageId: PKG,
  openedBy: { id: 'u-sender', name: 'Sue Sender', role: 'sender' },
  reason: 'damaged',
  details: 'The box arrived crushed on one side.',
  status: 'open',
  resolution: null,
  resolutionNote: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  resolvedAt: null,
  evidence: [],
  handoffPhotos: [],
  viewerRole: 'sender',
  photosLeft: 5,
  ...over,
});

const photo = (key: string) => ({ url: `/api/packages/${PKG}/private-photos/${key}.webp`, width: 800, height: 600 });

afterEach(cleanup);

describe('the evidence timeline', () => {
  it('shows the opening alone when nothing was added yet', async () => {
    const { container } = render(<EvidenceTimeline dispute={sampleDispute()} />);
    const list = screen.getByRole('list', { name: 'Dispute timeline' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByText('Opened by Sue Sender (sender)')).toBeTruthy();
    expect(screen.getByText('The package arrived damaged')).toBeTruthy();
    expect(screen.getByText('The box arrived crushed on one side.')).toBeTruthy();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('lists handover photos and each side’s words and photos, linking each photo full size', async () => {
    const dispute = sampleDispute({
      handoffPhotos: [{ step: 'pickup', ...photo('a'), createdAt: '2026-11-18T09:00:00.000Z' }],
      evidence: [
        {
          id: 'e1',
          author: { id: 'u-sender', name: 'Sue Sender', role: 'sender' },
          text: 'See the corner.',
          photos: [photo('b'), photo('c')],
          createdAt: '2026-11-20T11:00:00.000Z',
        },
        {
          id: 'e2',
          author: { id: 'u-traveler', name: 'Tom Traveler', role: 'traveler' },
          text: 'It was fine when I handed it over.',
          photos: [],
          createdAt: '2026-11-20T12:00:00.000Z',
        },
      ],
    });
    const { container } = render(<EvidenceTimeline dispute={dispute} />);
    expect(screen.getByText('Pickup photo by the traveler')).toBeTruthy();
    expect(screen.getByText('Sue Sender (sender) added evidence')).toBeTruthy();
    expect(screen.getByText('Tom Traveler (traveler) added evidence')).toBeTruthy();
    const photos = screen.getByRole('list', { name: 'Photos from Sue Sender' });
    const links = within(photos).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([photo('b').url, photo('c').url]);
    expect(within(photos).getByRole('img', { name: 'Photo 1 from Sue Sender (opens full size)' })).toBeTruthy();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('ends with the resolution and its note once resolved', () => {
    render(
      <EvidenceTimeline
        dispute={sampleDispute({
          status: 'resolved',
          resolution: 'refund_sender',
          resolutionNote: 'The photos show the damage',
          resolvedAt: '2026-11-22T10:00:00.000Z',
        })}
      />,
    );
    expect(screen.getByText('Resolved: the sender was refunded.')).toBeTruthy();
    expect(screen.getByText('“The photos show the damage”')).toBeTruthy();
  });
});
