// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Package, PackagePhoto } from '#shared/packages.ts';
import { apiError, mockApi, renderPage, seriousViolations } from '#web/test/render.tsx';
import { usePackage } from '../api/packages.ts';
import { PhotoUploader } from './photo-uploader.tsx';

// The draft's photos as the sender handles them: the drop zone and its drag-over state, a file the
// browser cannot read refused in words and without a preview, the order changed by the buttons (or a
// drag) and saved through the API, and Remove. Decoding is stubbed (jsdom has no images); the real
// shrinking is walked in Chromium (e2e/package-photos.e2e.ts).

const ID = '00000000-0000-4000-8000-000000000001';
const photo = (n: number): PackagePhoto => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  url: `/api/package-photos/00000000-0000-4000-8000-00000000010${n}.webp`,
  width: 800,
  height: 600,
});
const [one, two, three] = [photo(1), photo(2), photo(3)] as [PackagePhoto, PackagePhoto, PackagePhoto];

const draft = (photos: PackagePhoto[]): Package => ({
  visibility: 'full',
  id: ID,
  status: 'draft',
  title: 'Birthday gift',
  description: null,
  category: 'gifts',
  size: null,
  weightKg: null,
  declaredValue: null,
  currency: 'EUR',
  pickup: null,
  dropoff: null,
  pickupFrom: null,
  deliverBy: null,
  reward: null,
  fee: null,
  total: null,
  recipientName: null,
  recipientPhone: null,
  notes: null,
  photos,
  sender: { id: '00000000-0000-4000-8000-0000000000a1', name: 'Sam Sender', image: null },
  traveler: null,
  conversationId: null,
  missing: [],
  timeline: [],
  handoffPhotos: [],
  actions: ['edit', 'delete', 'cancel', 'add_photos'],
  createdAt: '2026-05-01T10:00:00.000Z',
  updatedAt: '2026-05-01T10:00:00.000Z',
  publishedAt: null,
});

/** The uploader over the package as the API answers it, as the wizard and the package page use it. */
function Harness() {
  const query = usePackage(ID);
  return query.data?.visibility === 'full' ? <PhotoUploader pkg={query.data} maxPhotos={5} /> : null;
}

let stored: PackagePhoto[];
function open(photos: PackagePhoto[]) {
  stored = photos;
  const calls = mockApi({
    [`GET /api/packages/${ID}`]: () => draft(stored),
    [`PUT /api/packages/${ID}/photos/order`]: ({ body }) => {
      const ids = (body as { photoIds: string[] }).photoIds;
      stored = ids.map((id) => stored.find((p) => p.id === id) as PackagePhoto);
      return draft(stored);
    },
    [`DELETE /api/packages/${ID}/photos/${two.id}`]: () => {
      stored = stored.filter((p) => p.id !== two.id);
      return draft(stored);
    },
  });
  return { calls, ...renderPage(<Harness />, { url: '/user/packages/send-a-package' }) };
}

const decode = vi.fn();
const sent = vi.fn();
beforeEach(() => {
  // An image bitmap for anything whose bytes start like a PNG; a rejection (as browsers give) otherwise.
  decode.mockImplementation(async (file: File) => {
    const head = new Uint8Array(await file.slice(0, 4).arrayBuffer());
    if (head[1] !== 0x50) throw new DOMException('The source image could not be decoded.', 'InvalidStateError');
    return { width: 640, height: 480, close: () => {} };
  });
  vi.stubGlobal('createImageBitmap', decode);
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} }));
  // Uploads go through XMLHttpRequest (for their progress); here they only need to be seen leaving.
  vi.stubGlobal(
    'XMLHttpRequest',
    class {
      upload = { addEventListener() {} };
      open(method: string, url: string) {
        sent(method, url);
      }
      addEventListener() {}
      getResponseHeader() {
        return null;
      }
      send() {}
    },
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  decode.mockReset();
  sent.mockReset();
});

const png = (name: string) =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], name, { type: 'image/png' });
const notAnImage = (name: string) => new File(['not a picture at all'], name, { type: 'image/jpeg' });
const zone = () => screen.getByRole('group', { name: 'Add photos' });
const adding = () => screen.getByRole('list', { name: 'Photos being added' });

describe('PhotoUploader', () => {
  it('offers a drop zone whose input the label names, and shows when files are dragged over it', async () => {
    const { container } = open([one, two]);
    const input = await screen.findByLabelText('Drag photos here or choose files');
    expect(input.getAttribute('type')).toBe('file');
    expect(input.getAttribute('accept')).toBe('image/jpeg,image/png,image/webp');
    expect(screen.getByText(/2 of 5 photos added/)).toBeTruthy();
    expect(await seriousViolations(container)).toEqual([]);

    fireEvent.dragEnter(zone(), { dataTransfer: { types: ['Files'], files: [] } });
    expect(zone().getAttribute('data-dragging')).toBe('true');
    fireEvent.dragLeave(zone(), { dataTransfer: { types: ['Files'] }, relatedTarget: document.body });
    expect(zone().getAttribute('data-dragging')).toBeNull();
    // A thumbnail of the grid dragged over it is not a file to add.
    fireEvent.dragEnter(zone(), { dataTransfer: { types: ['text/plain'] } });
    expect(zone().getAttribute('data-dragging')).toBeNull();
  });

  it('says why a file is refused and shows no preview of it: not an image, or not one the browser can read', async () => {
    const { calls } = open([]);
    const input = await screen.findByLabelText('Drag photos here or choose files');
    fireEvent.change(input, {
      target: {
        files: [new File(['%PDF-1.4'], 'invoice.pdf', { type: 'application/pdf' }), notAnImage('fake.jpg')],
      },
    });
    const fake = await within(adding()).findByText(
      'This file is not a photo we can read. Choose a JPEG, PNG or WebP image.',
    );
    expect(fake.closest('li')?.textContent).toContain('fake.jpg');
    const pdf = within(adding()).getByText('invoice.pdf').closest('li') as HTMLElement;
    expect(pdf.textContent).toContain('Choose a JPEG, PNG or WebP image.');
    expect(within(adding()).queryAllByRole('img')).toEqual([]);
    // The PDF was refused by its type without being opened; nothing went to the server.
    expect(decode).toHaveBeenCalledTimes(1);
    expect(sent).not.toHaveBeenCalled();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
    expect(screen.getByRole('status').textContent).toContain('fake.jpg was not added');

    await userEvent.click(within(adding()).getByRole('button', { name: 'Dismiss fake.jpg' }));
    expect(within(adding()).queryByText('fake.jpg')).toBeNull();
  });

  it('previews a photo it can read and sends it; a dropped file goes the same way', async () => {
    open([one]);
    const input = await screen.findByLabelText('Drag photos here or choose files');
    fireEvent.change(input, { target: { files: [png('parcel.png')] } });
    await within(adding()).findByRole('img', { name: 'Preview of parcel.png' });
    await waitFor(() => expect(sent).toHaveBeenCalledWith('POST', `/api/packages/${ID}/photos`));

    fireEvent.drop(zone(), { dataTransfer: { types: ['Files'], files: [notAnImage('dropped.jpg')] } });
    await within(adding()).findByText(/This file is not a photo we can read/);
    expect(within(adding()).getByText('dropped.jpg')).toBeTruthy();
  });

  it('moves a photo earlier or later by its buttons, saves the order, and keeps the focus on it', async () => {
    const { calls } = open([one, two, three]);
    const saved = await screen.findByRole('list', { name: 'Saved photos' });
    expect((within(saved).getByRole('button', { name: 'Move photo 1 earlier' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect((within(saved).getByRole('button', { name: 'Move photo 3 later' }) as HTMLButtonElement).disabled).toBe(
      true,
    );

    await userEvent.click(within(saved).getByRole('button', { name: 'Move photo 1 later' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ photoIds: [two.id, one.id, three.id] }),
    );
    await waitFor(() =>
      expect(
        within(saved)
          .getAllByRole('img')
          .map((img) => img.getAttribute('src')),
      ).toEqual([two.url, one.url, three.url]),
    );
    // The focus went with the photo, now second.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Move photo 2 later'));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Photo moved to position 2 of 3.'));

    await userEvent.click(within(saved).getByRole('button', { name: 'Move photo 3 earlier' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({
        photoIds: [two.id, three.id, one.id],
      }),
    );
  });

  it('moves a photo by dragging it onto another’s place', async () => {
    const { calls } = open([one, two, three]);
    const saved = await screen.findByRole('list', { name: 'Saved photos' });
    const [first, , last] = within(saved).getAllByRole('listitem') as [HTMLElement, HTMLElement, HTMLElement];
    const dataTransfer = { setData() {}, types: ['text/plain'], effectAllowed: '', dropEffect: '' };
    fireEvent.dragStart(last, { dataTransfer });
    fireEvent.dragOver(first, { dataTransfer });
    fireEvent.drop(first, { dataTransfer });
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ photoIds: [three.id, one.id, two.id] }),
    );
  });

  it('shows the error when the order cannot be saved, and puts the photos back', async () => {
    mockApi({
      [`GET /api/packages/${ID}`]: () => draft([one, two]),
      [`PUT /api/packages/${ID}/photos/order`]: () => apiError(409, 'PACKAGE_NOT_DRAFT', 'This package is open.'),
    });
    renderPage(<Harness />, { url: '/user/packages/send-a-package' });
    const saved = await screen.findByRole('list', { name: 'Saved photos' });
    await userEvent.click(within(saved).getByRole('button', { name: 'Move photo 2 earlier' }));
    await waitFor(() => expect(screen.getAllByRole('alert').some((a) => a.textContent?.trim())).toBe(true));
    expect(
      within(saved)
        .getAllByRole('img')
        .map((img) => img.getAttribute('src')),
    ).toEqual([one.url, two.url]);
  });

  it('removes a photo', async () => {
    const { calls } = open([one, two, three]);
    const saved = await screen.findByRole('list', { name: 'Saved photos' });
    await userEvent.click(within(saved).getByRole('button', { name: 'Remove photo 2' }));
    await waitFor(() => expect(within(saved).getAllByRole('img')).toHaveLength(2));
    expect(calls.some((c) => c.method === 'DELETE' && c.url.pathname.endsWith(`/photos/${two.id}`))).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('Photo 2 is removed.');
  });

  it('takes no more once the package has all its photos', async () => {
    open([one, two, three, photo(4), photo(5)]);
    const input = (await screen.findByLabelText('No room for more photos')) as HTMLInputElement;
    expect(input.disabled).toBe(true);
    expect(screen.getByText(/5 of 5 photos added\. Remove one to add another\./)).toBeTruthy();
  });
});
