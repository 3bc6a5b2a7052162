// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import axe from 'axe-core';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { dataTableColumns } from './columns.ts';
import { DataTable, type DataTableProps } from './data-table.tsx';

// The back office's one list component as an administrator meets it: the rows as links, the sort
// headers as buttons that say their order, the states of a list that is loading, empty or failed,
// the cards of a narrow screen, and no serious accessibility fault in any of them.

interface Member {
  id: string;
  name: string;
  email: string;
  trips: number;
}

const members: Member[] = [
  { id: 'm1', name: 'Ada Lovelace', email: 'ada@example.com', trips: 12 },
  { id: 'm2', name: 'Grace Hopper', email: 'grace@example.com', trips: 3 },
];

const column = dataTableColumns<Member>();
const columns = column.columns([
  column.accessor('name', { header: 'Name', enableSorting: true }),
  column.accessor('email', { header: 'Email', enableSorting: true }),
  column.accessor('trips', { header: 'Trips', meta: { align: 'end' } }),
  column.accessor('id', { header: 'Reference', meta: { hideInCard: true } }),
]);

function renderTable(props: Partial<DataTableProps<Member>> = {}) {
  return render(
    <MemoryRouter>
      <DataTable<Member>
        label="Members"
        noun={['member', 'members']}
        columns={columns}
        data={members}
        getRowId={(m) => m.id}
        getRowHref={(m) => `/admin/members/${m.id}`}
        status="success"
        empty={{ title: 'No members yet', description: 'Members appear here once they sign up.' }}
        layout="table"
        {...props}
      />
    </MemoryRouter>,
  );
}

async function seriousViolations(container: HTMLElement) {
  // jsdom has no layout, so colours cannot be measured; everything else axe checks still runs.
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
}

beforeAll(() => {
  // The table measures its width to decide whether it scrolls; jsdom has no ResizeObserver.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

afterEach(cleanup);

describe('DataTable', () => {
  it('links each row to its record from the primary cell', () => {
    renderTable();
    const table = screen.getByRole('table', { name: 'Members' });
    expect(within(table).getByRole('link', { name: 'Ada Lovelace' }).getAttribute('href')).toBe('/admin/members/m1');
    expect(within(table).getByRole('link', { name: 'Grace Hopper' }).getAttribute('href')).toBe('/admin/members/m2');
    // One link per row: the keyboard reaches each record once.
    expect(within(table).getAllByRole('link')).toHaveLength(2);
  });

  it('links from the column marked primary', () => {
    const byEmail = column.columns([
      column.accessor('name', { header: 'Name' }),
      column.accessor('email', { header: 'Email', meta: { primary: true } }),
    ]);
    renderTable({ columns: byEmail });
    expect(screen.getByRole('link', { name: 'ada@example.com' }).getAttribute('href')).toBe('/admin/members/m1');
    expect(screen.queryByRole('link', { name: 'Ada Lovelace' })).toBeNull();
  });

  it('says the sorted column with aria-sort and asks for the next order from a header button', async () => {
    const onChange = vi.fn();
    renderTable({ sort: { value: { id: 'name', desc: false }, onChange } });
    const [nameHeader, emailHeader, tripsHeader] = screen.getAllByRole('columnheader');
    expect(nameHeader?.getAttribute('aria-sort')).toBe('ascending');
    expect(emailHeader?.hasAttribute('aria-sort')).toBe(false);
    // Only the columns the server can order by are buttons.
    expect(within(tripsHeader as HTMLElement).queryByRole('button')).toBeNull();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(onChange).toHaveBeenLastCalledWith({ id: 'name', desc: true });
    await user.click(screen.getByRole('button', { name: 'Email' }));
    expect(onChange).toHaveBeenLastCalledWith({ id: 'email', desc: false });
  });

  it('marks a descending sort and keeps the rows in the order the server gave', () => {
    renderTable({ sort: { value: { id: 'email', desc: true }, onChange: () => {} } });
    expect(screen.getByRole('columnheader', { name: 'Email' }).getAttribute('aria-sort')).toBe('descending');
    const names = screen.getAllByRole('link').map((a) => a.textContent);
    expect(names).toEqual(['Ada Lovelace', 'Grace Hopper']);
  });

  it('shows placeholder rows and says it is loading while the first page comes', () => {
    renderTable({ status: 'pending', data: undefined });
    const table = screen.getByRole('table', { name: 'Members' });
    expect(table.getAttribute('aria-busy')).toBe('true');
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 5);
    expect(within(table).queryByRole('link')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Loading members…');
  });

  it('shows the empty state instead of an empty table', () => {
    renderTable({
      data: [],
      empty: { title: 'No members match', action: <button type="button">Clear filters</button> },
    });
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('heading', { name: 'No members match' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeTruthy();
  });

  it('shows the error state with a retry', async () => {
    const onRetry = vi.fn();
    renderTable({ status: 'error', data: undefined, onRetry });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain("We couldn't load the members.");
    expect(screen.queryByRole('table')).toBeNull();
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('counts the records, "about" when the server estimated', () => {
    const { rerender } = renderTable({ total: { count: 1240, estimated: true } });
    expect(screen.getByRole('status').textContent).toMatch(/^About 1[,.\u202f\u00a0]?240 members$/);
    rerender(
      <MemoryRouter>
        <DataTable<Member>
          label="Members"
          noun={['member', 'members']}
          columns={columns}
          data={members.slice(0, 1)}
          getRowId={(m) => m.id}
          getRowHref={(m) => `/admin/members/${m.id}`}
          status="success"
          empty={{ title: 'No members yet' }}
          layout="table"
          total={{ count: 1 }}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('status').textContent).toBe('1 member');
  });

  it('pages by cursor with Previous and Next', async () => {
    const onNext = vi.fn();
    const onPrevious = vi.fn();
    renderTable({ paging: { kind: 'pages', hasPrevious: false, hasNext: true, onNext, onPrevious } });
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect((within(pages).getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.setup().click(within(pages).getByRole('button', { name: 'Next' }));
    expect(onNext).toHaveBeenCalledOnce();
    expect(onPrevious).not.toHaveBeenCalled();
  });

  it('offers "Load more" while there are more', async () => {
    const onLoadMore = vi.fn();
    renderTable({ paging: { kind: 'more', hasMore: true, isLoadingMore: false, onLoadMore } });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));
    expect(onLoadMore).toHaveBeenCalledOnce();
  });

  it('lays each row out as a card of labelled values on narrow screens', () => {
    renderTable({ layout: 'cards', sort: { value: { id: 'name', desc: false }, onChange: () => {} } });
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'Members' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const first = cards[0] as HTMLElement;
    expect(within(first).getByRole('link', { name: 'Ada Lovelace' }).getAttribute('href')).toBe('/admin/members/m1');
    const labels = [...first.querySelectorAll('dt')].map((dt) => dt.textContent);
    expect(labels).toEqual(['Email', 'Trips']);
    expect([...first.querySelectorAll('dd')].map((dd) => dd.textContent)).toEqual(['ada@example.com', '12']);
    // No headers to click on a card: the order is a menu.
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toBeTruthy();
  });

  it('has no serious accessibility faults as a table with tabs, search and paging', async () => {
    const { container } = renderTable({
      sort: { value: { id: 'name', desc: false }, onChange: () => {} },
      search: { label: 'Search members', value: '', onChange: () => {} },
      tabs: {
        label: 'Member status',
        value: 'all',
        onChange: () => {},
        items: [
          { value: 'all', label: 'All' },
          { value: 'verified', label: 'Verified' },
        ],
      },
      total: { count: 2 },
      paging: { kind: 'pages', hasPrevious: true, hasNext: true, onNext: () => {}, onPrevious: () => {} },
    });
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('has no serious accessibility faults as cards, loading or empty', async () => {
    const sort = { value: { id: 'name', desc: false }, onChange: () => {} };
    const cards = renderTable({ layout: 'cards', sort });
    expect(await seriousViolations(cards.container)).toEqual([]);
    cards.unmount();
    const loading = renderTable({ layout: 'auto', status: 'pending', data: undefined, sort });
    expect(await seriousViolations(loading.container)).toEqual([]);
    loading.unmount();
    const empty = renderTable({ data: [] });
    expect(await seriousViolations(empty.container)).toEqual([]);
  });
});
