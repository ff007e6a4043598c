// Firmware campaigns (docs/product/firmware-campaigns.md): their routes and the runner that rolls them out.
export { firmwareCampaignRoutes } from './routes';
export { startCampaignRunner } from './runner';
