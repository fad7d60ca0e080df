/**
 * The endpoints server/routes/notifications.ts serves, with their contracts.
 */
import { IdParam } from '../common';
import { endpoint } from '../declarations';
import { NotificationsQuery } from '../requests';
import { NotificationsResponse } from '../session';
import {
  MarkAllNotificationsReadBody,
  MarkAllNotificationsReadResponse,
  MarkNotificationReadResponse,
} from '../shell';

export const notificationsApi = {
  getNotifications: endpoint('GET /notifications', {
    querystring: NotificationsQuery,
    response: NotificationsResponse,
  }),
  putNotificationsReadAll: endpoint('PUT /notifications/read_all', {
    body: MarkAllNotificationsReadBody,
    response: MarkAllNotificationsReadResponse,
  }),
  putNotificationsId: endpoint('PUT /notifications/:id', {
    params: IdParam,
    response: MarkNotificationReadResponse,
  }),
};
