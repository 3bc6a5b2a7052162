import { Plus, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { type PackageStatusGroup, packageStatusGroups } from '#shared/packages.ts';
import { useDebouncedValue } from '#web/components/place-picker/place-search.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { PackageList } from '../components/package-list.tsx';

const groups = Object.keys(packageStatusGroups) as PackageStatusGroup[];
const groupLabel: Record<PackageStatusGroup, string> = {
  drafts: 'Drafts',
  active: 'Active',
  delivered: 'Delivered',
  closed: 'Closed',
};
const isGroup = (value: string | null): value is PackageStatusGroup => groups.includes(value as PackageStatusGroup);
const SEARCH_DEBOUNCE_MS = 300;

/** /user/packages/my-packages?group=…&q=…: my packages by tab, searchable by title; both live in the address. */
export default function MyPackagesPage() {
  const [params, setParams] = useSearchParams();
  const groupParam = params.get('group');
  const group: PackageStatusGroup = isGroup(groupParam) ? groupParam : 'active';
  const q = params.get('q')?.trim() ?? '';

  const [text, setText] = useState(q);
  // The address changed by itself (back button, a link): the box follows it.
  const [seenQ, setSeenQ] = useState(q);
  if (q !== seenQ) {
    setSeenQ(q);
    if (q !== text.trim()) setText(q);
  }
  const settled = useDebouncedValue(text, SEARCH_DEBOUNCE_MS).trim();
  useEffect(() => {
    setParams(
      (current) => {
        if ((current.get('q')?.trim() ?? '') === settled) return current;
        const next = new URLSearchParams(current);
        if (settled) next.set('q', settled);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
  }, [settled, setParams]);

  const setGroup = (value: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('group', value);
      return next;
    });

  return (
    <>
      <PageHeader
        lead="The packages you send, with their status from payment to delivery."
        actions={
          <Button asChild>
            <Link to="/user/packages/send-a-package">
              <Plus aria-hidden="true" className="size-4" />
              Send a package
            </Link>
          </Button>
        }
      />
      <search className="mb-4 max-w-md">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            setParams(
              (current) => {
                const next = new URLSearchParams(current);
                if (text.trim()) next.set('q', text.trim());
                else next.delete('q');
                return next;
              },
              { replace: true },
            );
          }}
          className="flex flex-col gap-1.5"
        >
          <Label htmlFor="my-packages-search">Search by title</Label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
            />
            <Input
              id="my-packages-search"
              type="search"
              className="pl-9"
              autoComplete="off"
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          </div>
        </form>
      </search>
      <Tabs value={group} onValueChange={setGroup}>
        <TabsList aria-label="Packages by status">
          {groups.map((g) => (
            <TabsTrigger key={g} value={g}>
              {groupLabel[g]}
            </TabsTrigger>
          ))}
        </TabsList>
        {groups.map((g) => (
          <TabsContent key={g} value={g}>
            <PackageList group={g} groupLabel={groupLabel[g]} q={q} onClearSearch={() => setText('')} />
          </TabsContent>
        ))}
      </Tabs>
    </>
  );
}
