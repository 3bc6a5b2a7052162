// What other modules may use of travel-plans, besides its service.ts: everything else in this folder is
// its own (a dependency-cruiser rule keeps it so).
export { completeTravelPlan, dueForCompletion } from './completion.ts';
export { columnsOf } from './mapping.ts';
