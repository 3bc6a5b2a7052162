import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { type PackageStatus, packageStatusLabel } from '#shared/package-status.ts';
import { cn } from '#web/lib/cn.ts';

// Every pair is at least 4.5:1 (WCAG AA for small text).
export const badgeVariants = cva(
  'inline-flex items-center gap-1 whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-medium',
  {
    variants: {
      variant: {
        neutral: 'border-slate-200 bg-slate-100 text-slate-800',
        info: 'border-blue-200 bg-blue-50 text-blue-800',
        success: 'border-green-200 bg-green-50 text-green-800',
        warning: 'border-amber-200 bg-amber-50 text-amber-900',
        danger: 'border-red-200 bg-red-50 text-red-800',
      },
    },
    defaultVariants: { variant: 'neutral' },
  },
);

export type BadgeVariant = NonNullable<VariantProps<typeof badgeVariants>['variant']>;

export function Badge({ className, variant, ...props }: ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}

/** Colour of each package status: waiting is neutral, moving is info, done is success, trouble is warning/danger. */
export const packageStatusVariant: Record<PackageStatus, BadgeVariant> = {
  draft: 'neutral',
  open: 'info',
  matched: 'info',
  in_transit: 'info',
  delivered: 'success',
  completed: 'success',
  cancelled: 'neutral',
  expired: 'neutral',
  disputed: 'danger',
  refunded: 'warning',
};

export function PackageStatusBadge({ status, className }: { status: PackageStatus; className?: string }) {
  return (
    <Badge variant={packageStatusVariant[status]} className={className} data-status={status}>
      {packageStatusLabel[status]}
    </Badge>
  );
}
