/**
 * Products (spec part 2 §7): GET /products and POST /directories/enroll (online local listings,
 * $25 per month per service vertical). Session context, the caller's organization only. The
 * upgrade and contact requests are POST /submit_mql_info (routes/marketing.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import { EnrollBody, EnrollResponse, ProductsResponse } from '../../src/api/contracts/products';
import { enrollOnlineListings, listProducts } from '../domain/catalog/products';
import { callerOf } from '../plugins/auth';
import { mutate } from '../plugins/idempotency';

export const ENROLLED = 'Online Local Listings enrolled successfully.';

export const productRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app;

  app.get('/products', { config: { response: ProductsResponse } }, async (request) => ({
    products: await listProducts(db, callerOf(request).organizationId),
  }));

  app.post(
    '/directories/enroll',
    { schema: { body: EnrollBody }, config: { response: EnrollResponse } },
    async (request, reply) => {
      const caller = callerOf(request);
      return mutate(db, request, reply, async (tx) => ({
        message: ENROLLED,
        product: await enrollOnlineListings(tx, caller.organizationId),
      }));
    },
  );
};
