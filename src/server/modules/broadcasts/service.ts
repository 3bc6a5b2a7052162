// Broadcasts: the admin routes, the background sender, and the jobs' share of sending.
export { broadcastAdminRoutes } from './routes.ts';
export { type Broadcaster, createBroadcaster, deliverDueBroadcasts } from './sender.ts';
