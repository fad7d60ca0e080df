/**
 * The endpoints server/routes/leads.ts serves, with their contracts (its dev tool, POST /dev/leads,
 * is declared with the others in routes/dev.ts, out of the app's bundles).
 */
import { IdParam } from '../common';
import { endpoint } from '../declarations';
import { LeadDetailResponse, ReviewRequestBody, ReviewResponse } from '../leads';
import { SignedQuery } from '../requests';

export const leadsApi = {
  getLeadsId: endpoint('GET /leads/:id', { params: IdParam, response: LeadDetailResponse }),
  postLeadsIdReview: endpoint('POST /leads/:id/review', {
    params: IdParam,
    body: ReviewRequestBody,
    response: ReviewResponse,
  }),
  getLeadsIdRecording: endpoint('GET /leads/:id/recording', { params: IdParam, querystring: SignedQuery }),
};
