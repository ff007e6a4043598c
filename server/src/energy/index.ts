// Energy per day, week and month of the plugs (docs/product/energy.md); app.ts registers its routes from ./routes.
export { PLUG_PRODUCTS } from './routes';
