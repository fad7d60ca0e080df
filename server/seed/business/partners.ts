/**
 * Partner software offerings for the Services page (spec part 3 §2.10): twelve fictional partners
 * of the kinds home-service businesses use, each with highlights, a description and a demo
 * request page under example.com (never a real third party). Fixed rows: no Rng, no clock.
 */
import type { Db } from '../../db/client';
import { partnerOfferings } from '../../db/schema/partners';
import { bulkInsert } from './bulk';

type Partner = [slug: string, title: string, category: string, highlights: string[], description: string];

const LONG =
  ' Setup takes about a week: the partner team imports your customer list, connects your phone numbers and trains your office staff in two short sessions. Pricing is per user per month with no long-term contract, and customers of ours get the first month free. Support is by phone and chat during business hours, with an online help centre and a community forum for everything else.';

const PARTNERS: Partner[] = [
  [
    'fieldpilot',
    'FieldPilot',
    'Field service management',
    ['Drag-and-drop dispatch board', 'Technician mobile app', 'Online booking'],
    `Schedule, dispatch and track every job from one board, and give technicians the job details, customer history and checklists on their phones.${LONG}`,
  ],
  [
    'quotecraft',
    'QuoteCraft',
    'Estimates and proposals',
    ['Good-better-best proposals', 'E-signature', 'Financing options'],
    'Build professional estimates on site in minutes, present tiered options and get them signed before you leave the driveway.',
  ],
  [
    'ledgerline',
    'LedgerLine',
    'Accounting',
    ['Job costing', 'Payroll sync', 'Bank feeds'],
    `Bookkeeping made for contractors: see profit per job, reconcile bank feeds automatically and keep your accountant happy at tax time.${LONG}`,
  ],
  [
    'callcatch',
    'CallCatch',
    'Call answering',
    ['24/7 live receptionists', 'Appointment booking', 'Bilingual staff'],
    'Never miss a call again: trained receptionists answer in your business name, book appointments and send you the details at once.',
  ],
  [
    'reviewroost',
    'ReviewRoost',
    'Reputation management',
    ['Automatic review requests', 'Review monitoring', 'Website widgets'],
    `Ask every happy customer for a review by text, answer reviews from one inbox and show your best ones on your website.${LONG}`,
  ],
  [
    'crewclock',
    'CrewClock',
    'Time tracking',
    ['GPS clock-in', 'Overtime alerts', 'Timesheet export'],
    'Crews clock in from the job site, you see hours per job in real time and payroll gets clean timesheets every week.',
  ],
  [
    'paylane',
    'PayLane Field',
    'Payments',
    ['Card and ACH in the field', 'Text-to-pay invoices', 'Next-day deposits'],
    'Take payment the moment the job is done, by card, tap or bank transfer, and send invoices customers can pay from a text message.',
  ],
  [
    'fleetwise',
    'FleetWise',
    'Fleet tracking',
    ['Live vehicle map', 'Fuel and idle reports', 'Maintenance reminders'],
    `Know where every truck is, cut fuel costs and keep vehicles serviced on schedule with simple plug-in trackers.${LONG}`,
  ],
  [
    'stockroom',
    'StockRoom',
    'Inventory',
    ['Truck stock levels', 'Purchase orders', 'Barcode scanning'],
    'Track parts on every truck and in the warehouse, reorder before you run out and bill materials to the right job.',
  ],
  [
    'agreementhub',
    'AgreementHub',
    'Service agreements',
    ['Membership plans', 'Automatic renewals', 'Maintenance reminders'],
    'Sell maintenance memberships, renew them automatically and fill slow seasons with scheduled tune-up visits.',
  ],
  [
    'hirehammer',
    'HireHammer',
    'Recruiting',
    ['Job posts on 20+ boards', 'Applicant screening', 'Text interviews'],
    `Find technicians faster: post once to the major job boards, screen applicants with short questionnaires and book interviews by text.${LONG}`,
  ],
  [
    'mailmason',
    'MailMason',
    'Email and SMS marketing',
    ['Seasonal campaigns', 'Customer segments', 'Two-way texting'],
    'Stay in touch with past customers through seasonal emails and texts that bring in repeat work and referrals.',
  ],
];

export async function seedPartners(db: Db) {
  await bulkInsert(
    db,
    partnerOfferings,
    PARTNERS.map(([slug, title, category, highlights, description], position) => ({
      slug,
      title,
      category,
      highlights,
      description,
      demo_url: `https://${slug}.example.com/request-a-demo`,
      position,
      active: true,
    })),
  );
}
