/**
 * Products (spec part 2 §7): GET /products and POST /directories/enroll (online local listings,
 * $25 per month per service vertical). Session context, the caller's organization only. The
 * upgrade and contact requests are POST /submit_mql_info (routes/marketing.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import { productsApi } from '../../src/api/contracts/routes/products';
import { enrollOnlineListings, listProducts } from '../domain/catalog/products';
import { callerOf } from '../plugins/auth';
import { mutate } from '../plugins/idempotency';
import { serve } from './serve';

export const ENROLLED = 'Online Local Listings enrolled successfully.';

export const productRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app;

  serve(app, productsApi.getProducts, async (request) => ({
    products: await listProducts(db, callerOf(request).organizationId),
  }));

  serve(app, productsApi.postDirectoriesEnroll, async (request, reply) => {
    const caller = callerOf(request);
    return mutate(db, request, reply, async (tx) => ({
      message: ENROLLED,
      product: await enrollOnlineListings(tx, caller.organizationId),
    }));
  });
};
