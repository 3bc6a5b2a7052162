import { DropdownMenu } from 'radix-ui';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import type { useSession } from '#web/lib/session.ts';
import type { useSignOut } from '#web/lib/sign-out.ts';

// The signed-in member's menu, in a chunk of its own: a visitor's first page load does not bring
// the dropdown's code (radix menu, floating-ui) along (ADR 0054).

type Me = NonNullable<ReturnType<typeof useSession>['data']>;

export default function AccountMenu({ me, signOut }: { me: Me; signOut: ReturnType<typeof useSignOut> }) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button variant="secondary" size="sm">
          <span
            aria-hidden="true"
            className="grid size-6 place-items-center rounded-full bg-brand-100 text-xs font-bold text-brand-800"
          >
            {me.name.slice(0, 1).toUpperCase()}
          </span>
          <span className="sr-only">Account menu for </span>
          <span className="sr-only max-w-32 truncate sm:not-sr-only">{me.name}</span>
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-48 rounded-md border border-slate-200 bg-white p-1 shadow-lg"
        >
          <DropdownMenu.Label className="px-2 py-1.5 text-xs text-slate-500">{me.email}</DropdownMenu.Label>
          <DropdownMenu.Item
            asChild
            className="block rounded px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-slate-100"
          >
            <Link to="/user/dashboard">Dashboard</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item
            asChild
            className="block rounded px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-slate-100"
          >
            <Link to="/user/profile/my-profile">My profile</Link>
          </DropdownMenu.Item>
          {me.isAdmin ? (
            <DropdownMenu.Item
              asChild
              className="block rounded px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-slate-100"
            >
              <Link to="/admin/dashboard">Back office</Link>
            </DropdownMenu.Item>
          ) : null}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item
            className="block rounded px-2 py-1.5 text-sm text-red-700 outline-none data-[highlighted]:bg-red-50"
            onSelect={() => signOut.mutate()}
          >
            Sign out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
