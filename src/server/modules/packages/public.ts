// What other modules may use of packages, besides its service.ts: everything else in this folder is
// its own (a dependency-cruiser rule keeps it so).

export type { Viewer } from './access.ts';
export { visiblePackage } from './access.ts';
export { listAdminPackages } from './admin.ts';
export type { PackageRow } from './mapping.ts';
export { columnsOf, draftOf } from './mapping.ts';
export { transitionPackage } from './transitions.ts';
