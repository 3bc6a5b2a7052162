// What other modules may use of profiles, besides its service.ts: everything else in this folder is
// its own (a dependency-cruiser rule keeps it so).
export { reliability, reliabilityOf } from './reliability.ts';
