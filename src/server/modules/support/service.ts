// The support desk: its routes for visitors and members, and its admin routes under /api/admin.
export type { SupportDeps } from './contact.ts';
export { supportAdminRoutes, supportRoutes } from './routes.ts';
