/**
 * The endpoints server/routes/uploads.ts serves, with their contracts.
 */
import { MessageResponse, PresignQuery, PresignResponse } from '../activities';
import { IdParam } from '../common';
import { endpoint } from '../declarations';
import { UploadParams } from '../requests';
import { BrandAssetsBody, BrandAssetsResponse, LogoRemoveBody, LogoResponse, UploadLogoBody } from '../tasks';

export const uploadsApi = {
  getActivitiesAssetsPresignedUrl: endpoint('GET /activities/assets/presigned_url', {
    querystring: PresignQuery,
    response: PresignResponse,
  }),
  deleteActivitiesAssetsId: endpoint('DELETE /activities/assets/:id', {
    params: IdParam,
    response: MessageResponse,
  }),
  getActivitiesBrandAssets: endpoint('GET /activities/brand_assets', { response: BrandAssetsResponse }),
  postActivitiesBrandAssets: endpoint('POST /activities/brand_assets', {
    body: BrandAssetsBody,
    response: BrandAssetsResponse,
  }),
  postActivitiesUploadLogo: endpoint('POST /activities/upload_logo', {
    body: UploadLogoBody,
    response: LogoResponse,
  }),
  deleteActivitiesLogo: endpoint('DELETE /activities/logo', { body: LogoRemoveBody, response: LogoResponse }),
  putActivitiesAssetsUploadSignedId: endpoint('PUT /activities/assets/upload/:signed_id', {
    params: UploadParams,
    response: MessageResponse,
  }),
  getLogosSignedId: endpoint('GET /logos/:signed_id', { params: UploadParams }),
};
