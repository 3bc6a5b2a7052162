import type { PackageStatus } from '#shared/package-status.ts';
import { PackageStatusBadge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { PackageSummaryCard, type PackageSummaryFields } from '#web/components/ui/package-summary.tsx';
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

const samplePackage: PackageSummaryFields = {
  title: 'Wedding documents',
  pickup: { label: 'Lisbon, Portugal', city: 'Lisbon', countryCode: 'PT' },
  dropoff: { label: 'Porto, Portugal', city: 'Porto', countryCode: 'PT' },
  deliverBy: '2026-12-12T18:00:00.000Z',
  weightKg: 0.4,
  reward: 1500,
  currency: 'EUR',
};

export function CardsShowcase() {
  return (
    <ShowcaseSection
      id="cards"
      title="Cards"
      description="Group one thing: a package, a trip, a summary. A package is always the one package card, with each screen’s own facts and actions."
    >
      <div className="grid gap-4 md:grid-cols-2">
        <PackageSummaryCard
          pkg={samplePackage}
          badge={<PackageStatusBadge status="open" />}
          rewardAside
          facts={['deliverBy', 'weight']}
          actions={
            <div className="flex flex-wrap gap-2">
              <Button size="sm">Offer to carry</Button>
              <Button size="sm" variant="ghost">
                Details
              </Button>
            </div>
          }
        />
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
