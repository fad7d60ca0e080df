/**
 * The dev tools' contracts (routes registered only when dev tools are on): invoices and leads made
 * on demand, live messages emitted, the mails sent.
 */
import {
  any,
  array,
  boolean,
  enums,
  integer,
  max,
  min,
  nullable,
  number,
  object,
  optional,
  record,
  string,
} from 'superstruct';
import { PAYABLE_STATUSES } from './billing';
import { Email } from './common';

export const DevInvoiceBody = object({
  email: Email,
  status: optional(enums(PAYABLE_STATUSES as ['Unpaid', 'Partially paid'])),
  amount_cents: optional(max(min(integer(), 100), 10_000_000)),
});
export const DevInvoiceResponse = object({
  invoice: object({ id: number(), name: string(), outstanding_amount_cents: number() }),
});

export const DevPaymentsResponse = object({
  payments: array(object({ id: number(), status: string(), amount_cents: number() })),
});

/** A chosen live message for a chosen user: a notification (its bell row, live message and Web Push, as
 *  notifyUser sends one), or any raw payload (the live stream only). */
export const EmitBody = object({
  email: Email,
  notification: optional(
    object({
      message: string(),
      action: enums(['go_to', 'download', 'no_action']),
      index: optional(nullable(string())),
      id: optional(nullable(number())),
    }),
  ),
  payload: optional(record(string(), any())),
});

export const EmitResponse = object({ sent: array(any()) });
export const MailsQuery = object({ to: optional(string()) });
export const MailsResponse = object({
  mails: array(
    object({ id: number(), to: string(), subject: string(), body: string(), created_at: string() }),
  ),
});

export const DevLeadBody = object({
  email: Email,
  lead_type: optional(enums(['Call', 'Form'])),
  /** Which of the user's accounts: its platform (bpr, fsr, live, ...); the first account otherwise. */
  platform: optional(string()),
  /** Seconds before now (a lead created in the past, e.g. near the end of its review window). */
  age_seconds: optional(number()),
  transcribed: optional(boolean()),
});
export const DevLeadResponse = object({
  lead: object({ id: number(), ref_id: string(), created_at: string() }),
});
