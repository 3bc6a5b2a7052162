import type { PackageStatus } from '#shared/package-status.ts';
import { PackageStatusBadge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '#web/components/ui/table.tsx';
import { ShowcaseSection } from './showcase-section.tsx';

const samplePackages: {
  ref: string;
  title: string;
  route: string;
  weight: string;
  reward: string;
  status: PackageStatus;
}[] = [
  {
    ref: 'PKG-1042',
    title: 'Wedding documents',
    route: 'Lisbon → Porto',
    weight: '0.4 kg',
    reward: '€15.00',
    status: 'open',
  },
  {
    ref: 'PKG-1043',
    title: 'Headphones',
    route: 'Berlin → Munich',
    weight: '0.9 kg',
    reward: '€25.00',
    status: 'in_transit',
  },
  {
    ref: 'PKG-1044',
    title: 'Children’s books',
    route: 'Lyon → Paris',
    weight: '2.5 kg',
    reward: '€18.00',
    status: 'completed',
  },
];

export function CardsShowcase() {
  return (
    <ShowcaseSection id="cards" title="Cards" description="Group one thing: a package, a trip, a summary.">
      <div className="grid gap-4 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle as="h3">Wedding documents</CardTitle>
            <CardDescription>Lisbon → Porto · deliver by 12 December</CardDescription>
          </CardHeader>
          <CardContent className="flex items-center justify-between gap-3">
            <span className="text-slate-700">Reward €15.00</span>
            <PackageStatusBadge status="open" />
          </CardContent>
          <CardFooter>
            <Button size="sm">Offer to carry</Button>
            <Button size="sm" variant="ghost">
              Details
            </Button>
          </CardFooter>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h3">Balance</CardTitle>
            <CardDescription>Released to you after delivered packages are completed.</CardDescription>
          </CardHeader>
          <CardContent>
            <p className="text-3xl font-bold text-slate-900">€58.00</p>
          </CardContent>
        </Card>
      </div>
    </ShowcaseSection>
  );
}

export function TableShowcase() {
  return (
    <ShowcaseSection
      id="table"
      title="Table"
      description="On narrow screens the table scrolls sideways inside its frame."
    >
      <Table label="Sample packages">
        <TableCaption>Sample packages (not real data).</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead>Reference</TableHead>
            <TableHead>Title</TableHead>
            <TableHead>Route</TableHead>
            <TableHead className="text-right">Weight</TableHead>
            <TableHead className="text-right">Reward</TableHead>
            <TableHead>Status</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {samplePackages.map((p) => (
            <TableRow key={p.ref}>
              <TableCell className="font-mono text-xs">{p.ref}</TableCell>
              <TableCell>{p.title}</TableCell>
              <TableCell className="whitespace-nowrap">{p.route}</TableCell>
              <TableCell className="text-right">{p.weight}</TableCell>
              <TableCell className="text-right">{p.reward}</TableCell>
              <TableCell>
                <PackageStatusBadge status={p.status} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ShowcaseSection>
  );
}
