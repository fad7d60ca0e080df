/**
 * The endpoints server/routes/products.ts serves, with their contracts.
 */

import { endpoint } from '../declarations';
import { EnrollBody, EnrollResponse, ProductsResponse } from '../products';

export const productsApi = {
  getProducts: endpoint('GET /products', { response: ProductsResponse }),
  postDirectoriesEnroll: endpoint('POST /directories/enroll', { body: EnrollBody, response: EnrollResponse }),
};
