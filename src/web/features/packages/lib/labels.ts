import type { PackageSize } from '#shared/packages.ts';
import type { PackageCategory } from '#shared/settings.ts';

// The product's words for the contract's values, as the screens show them.

export const categoryLabel: Record<PackageCategory, string> = {
  documents: 'Documents',
  electronics: 'Electronics',
  clothing: 'Clothing',
  cosmetics: 'Cosmetics',
  books: 'Books',
  gifts: 'Gifts',
  other: 'Something else',
};

export const sizeLabel: Record<PackageSize, string> = { S: 'Small', M: 'Medium', L: 'Large' };
