// What other modules and the app use of the settings: the store, read through the app's
// `settings` decorator or handed to a service by its routes.

export { settingsAdminRoutes } from './routes.ts';
export { createSettingsStore, type SettingsStore } from './store.ts';
