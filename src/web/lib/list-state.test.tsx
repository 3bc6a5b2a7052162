// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { dataTableColumns } from '#web/components/ui/data-table/columns.ts';
import { DataTable } from '#web/components/ui/data-table/data-table.tsx';
import { parseListParams, SEARCH_DEBOUNCE_MS, sortParam, useListState } from './list-state.ts';

// A list's view is its URL: what a shared link opens, what a bad link falls back to, and how the
// search box, the filters, the sort and the pages write it.

const schema = z.object({
  status: z.enum(['all', 'open', 'closed']).default('all'),
  q: z.string().max(100).default(''),
  sort: sortParam(['name', 'createdAt'], '-createdAt'),
  minTrips: z.coerce.number().int().min(0).optional(),
});

interface Row {
  id: string;
  name: string;
  createdAt: string;
}
const column = dataTableColumns<Row>();
const columns = column.columns([
  column.accessor('name', { header: 'Name', enableSorting: true }),
  column.accessor('createdAt', { header: 'Created', enableSorting: true }),
]);
const rows: Row[] = [{ id: 'r1', name: 'First', createdAt: '2031-01-01' }];

let search = '';
function Probe() {
  const location = useLocation();
  search = location.search;
  return null;
}

function List() {
  const list = useListState(schema);
  return (
    <>
      <output data-testid="state">{JSON.stringify(list.state)}</output>
      <button type="button" onClick={() => list.setFilter('status', 'closed')}>
        Closed
      </button>
      <button type="button" onClick={() => list.setFilter('status', 'all')}>
        All
      </button>
      <button type="button" onClick={() => list.page.next('c2')}>
        Next page
      </button>
      <button type="button" onClick={list.page.previous} disabled={!list.page.hasPrevious}>
        Previous page
      </button>
      <DataTable<Row>
        label="Things"
        noun={['thing', 'things']}
        columns={columns}
        data={rows}
        getRowId={(r) => r.id}
        getRowHref={(r) => `/things/${r.id}`}
        status="success"
        empty={{ title: 'Nothing' }}
        layout="table"
        search={{ label: 'Search things', value: list.searchText, onChange: list.setSearch }}
        sort={{ value: list.sort, onChange: list.setSort }}
      />
      <Probe />
    </>
  );
}

function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <List />
    </MemoryRouter>,
  );
}

const state = () => JSON.parse(screen.getByTestId('state').textContent ?? '{}') as Record<string, unknown>;
const params = () => new URLSearchParams(search);

beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('parseListParams', () => {
  it('reads a good link as it is', () => {
    const parsed = parseListParams(schema, new URLSearchParams('status=open&q=ada&sort=name&minTrips=3'));
    expect(parsed).toEqual({ status: 'open', q: 'ada', sort: 'name', minTrips: 3 });
  });

  it('falls back to each default on its own when a parameter is bad', () => {
    const parsed = parseListParams(schema, new URLSearchParams('status=gone&q=ada&sort=password&minTrips=-2'));
    expect(parsed).toEqual({ status: 'all', q: 'ada', sort: '-createdAt', minTrips: undefined });
  });
});

describe('useListState', () => {
  it('opens a link with bad parameters on the defaults, keeping the good ones', () => {
    renderAt('/things?status=bogus&sort=-password&q=ada');
    expect(state()).toEqual({ status: 'all', q: 'ada', sort: '-createdAt' });
    expect((screen.getByRole('searchbox', { name: 'Search things' }) as HTMLInputElement).value).toBe('ada');
    expect(screen.getByRole('columnheader', { name: 'Created' }).getAttribute('aria-sort')).toBe('descending');
  });

  it('puts the search in the URL once typing pauses, on the first page', () => {
    // Only the timers: React schedules its own work with setImmediate, which must keep running.
    // (Testing Library's user-event waits on a real setTimeout between keys, so keys are events here.)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderAt('/things?cursor=c1&status=open');
    const box = screen.getByRole('searchbox', { name: 'Search things' }) as HTMLInputElement;
    for (const text of ['a', 'ad', 'ada']) {
      fireEvent.change(box, { target: { value: text } });
      act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 100));
    }
    expect(box.value).toBe('ada');
    expect(params().get('q')).toBeNull();
    expect(params().get('cursor')).toBe('c1');
    act(() => vi.advanceTimersByTime(99));
    expect(params().get('q')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(params().get('q')).toBe('ada');
    expect(params().get('status')).toBe('open');
    expect(params().has('cursor')).toBe(false);
    expect(state().q).toBe('ada');
    expect(box.value).toBe('ada');
  });

  it('keeps a filter chosen while the search was still waiting', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderAt('/things');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search things' }), { target: { value: 'ada ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Closed' }));
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(params().get('status')).toBe('closed');
    expect(params().get('q')).toBe('ada');
    // The box keeps what was typed, trailing space included, so typing goes on where it was.
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('ada ');
  });

  it('goes back to the first page when a filter changes, and leaves defaults out of the URL', async () => {
    const user = userEvent.setup();
    renderAt('/things?cursor=c1&status=open');
    await user.click(screen.getByRole('button', { name: 'Closed' }));
    expect(params().get('status')).toBe('closed');
    expect(params().has('cursor')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'All' }));
    expect(search).toBe('');
  });

  it('writes a header click as the sort, on the first page', async () => {
    const user = userEvent.setup();
    renderAt('/things?cursor=c1');
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(params().get('sort')).toBe('name');
    expect(params().has('cursor')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(params().get('sort')).toBe('-name');
    expect(screen.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe('descending');
  });

  it('pages forward by cursor and back through the pages it came by', async () => {
    const user = userEvent.setup();
    renderAt('/things?status=open');
    expect((screen.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(params().get('cursor')).toBe('c2');
    expect(params().get('status')).toBe('open');
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(params().has('cursor')).toBe(false);
    expect(params().get('status')).toBe('open');
  });

  it('goes to the first page from a shared link to a later one', async () => {
    const user = userEvent.setup();
    renderAt('/things?cursor=c5');
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(params().has('cursor')).toBe(false);
  });
});
