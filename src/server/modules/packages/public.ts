// What other modules may use of packages, besides its service.ts: everything else in this folder is
// its own (a dependency-cruiser rule keeps it so).

export type { Viewer } from './access.ts';
export { handoffPhotoDue, visiblePackage } from './access.ts';
export { listAdminPackages } from './admin.ts';
export type { PackageRow } from './mapping.ts';
export { columnsOf, draftOf } from './mapping.ts';
export { notAPhoto, toPackagePhoto } from './photo-image.ts';
export { transitionPackage } from './transitions.ts';
export { handoffPhotosOf } from './views.ts';
