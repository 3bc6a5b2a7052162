// The back office's dashboard: its admin routes, registered under /api/admin.
export { dashboardAdminRoutes } from './routes.ts';
