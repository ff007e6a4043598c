// GET /prices (docs/product/api.md): the price catalogue of the payment provider, every key. Public, like a price
// list on a web page: it names no customer, and the registration and plan pages read it before anything is bought.
import { PriceCatalogue } from '@paddock/shared/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../context';

export const pricesRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/prices',
    {
      // The registration page shows prices inside the partner embed too (http/cors.ts).
      config: { embed: true, showsNoUserData: true },
      schema: {
        tags: ['billing'],
        summary:
          'The price catalogue: every key with the price id (what PriceId on an update call takes), its name and amounts ex VAT in öre (Sek) and cent (Eur)',
        response: { 200: PriceCatalogue },
      },
    },
    async () => ctx.payments.prices(),
  );
};
