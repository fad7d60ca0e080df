/**
 * SHIM, to be removed by the integrator: the deployment settings moved to src/lib/config.ts
 * (features and sync/ read them, and may not import app/). Kept only so files of other branches
 * that still import '../../app/config' typecheck until they switch to '@/lib/config'.
 */
export {
  CALLS_PORTAL_URL,
  type ExternalLink,
  PACKOUT_PARTNER_URL,
  PRODUCT_NAME,
  SISTER_BRANDS,
} from '@/lib/config';
