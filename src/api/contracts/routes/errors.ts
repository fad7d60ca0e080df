/**
 * The endpoints server/routes/errors.ts serves, with their contracts.
 */

import { endpoint } from '../declarations';
import { ErrorReportBody, MessageResponse } from '../session';

export const errorsApi = {
  postErrorReport: endpoint('POST /error_report', { body: ErrorReportBody, response: MessageResponse }),
};
