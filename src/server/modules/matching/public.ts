// What other modules may use of matching, besides its service.ts: everything else in this folder is
// its own (a dependency-cruiser rule keeps it so).

export { MATCH_GRID } from './cells.ts';
export { haversineSql, inCellsSql } from './geo-sql.ts';
