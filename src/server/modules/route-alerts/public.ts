// What other modules may use of route alerts, besides its service.ts: everything else in this folder
// is its own (a dependency-cruiser rule keeps it so).
export { sendRouteAlertDigests } from './digest.ts';
export { alertNewPackage, alertNewTrip } from './notify-new.ts';
