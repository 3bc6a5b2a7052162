// What other modules may use of chat, besides its service.ts: everything else in this folder is
// its own (a dependency-cruiser rule keeps it so).
export { orderedPair } from './mapping.ts';
