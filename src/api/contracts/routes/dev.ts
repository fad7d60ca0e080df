/**
 * The dev tools' endpoints server/routes/dev.ts serves, and routes/leads.ts's POST /dev/leads,
 * with their contracts.
 */

import { endpoint } from '../declarations';
import { DevLeadBody, DevLeadResponse, EmitBody, EmitResponse, MailsQuery, MailsResponse } from '../dev';

export const devApi = {
  postDevEmit: endpoint('POST /dev/emit', { body: EmitBody, response: EmitResponse }),
  getDevMails: endpoint('GET /dev/mails', { querystring: MailsQuery, response: MailsResponse }),
  postDevLeads: endpoint('POST /dev/leads', { body: DevLeadBody, response: DevLeadResponse }),
};
