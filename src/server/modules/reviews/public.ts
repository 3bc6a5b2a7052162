// What other modules may use of reviews, besides its service.ts: everything else in this folder is
// its own (a dependency-cruiser rule keeps it so).
export { ratingAverageSql, ratingSummaries, ratingSummary } from './ratings.ts';
