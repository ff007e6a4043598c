// API keys for integrators (docs/product/api-keys.md): the routes on /users/{id}/api-keys and the authentication of a
// `Bearer pdk_…` request, which app.ts hands to auth/session.ts.
export { registerApiKeys } from './authenticate';
export { apiKeyRoutes } from './routes';
