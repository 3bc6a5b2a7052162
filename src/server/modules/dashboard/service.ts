// The back office's dashboard: its admin routes, registered under /api/admin, and the job's roll-up.

export { rollUpDays } from './rollups.ts';
export { dashboardAdminRoutes } from './routes.ts';
