/**
 * Products contracts (spec part 2 §3 "Product entry from server", §7): GET /products, one entry
 * per product family with whether it is active, the customer's packages (keys), local listing
 * enrolment and a grade; POST /directories/enroll (online local listings). Shared by
 * server/routes/products.ts, the client and tests.
 */
import { array, boolean, type Infer, nullable, object, string } from 'superstruct';

export const PRODUCT_KEYS = ['pay_per_call', 'directories', 'website', 'paid_media', 'seo', 'ppm'] as const;
export type ProductKey = (typeof PRODUCT_KEYS)[number];

export const ProductEntry = object({
  name: string(),
  active: boolean(),
  package: array(string()),
  local_listing: boolean(),
  grade: nullable(string()),
});
export type ProductEntry = Infer<typeof ProductEntry>;
export const ProductsResponse = object({ products: array(ProductEntry) });
export type ProductsResponse = Infer<typeof ProductsResponse>;

/** The enrolment takes no fields. */
export const EnrollBody = object({});
export const EnrollResponse = object({ message: string(), product: ProductEntry });

export const ONLINE_LISTINGS = 'online_local_listings';
export const ALREADY_ENROLLED = 'You are already enrolled in Online Local Listings.';
