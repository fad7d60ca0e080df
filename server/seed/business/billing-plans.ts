/**
 * Billing inputs per demo customer: which payment methods they saved (including an expired card
 * and ACH accounts) and which products each linked account is invoiced for, priced from the
 * month's billable leads or ad spend.
 */
import type { DemoAccount, DemoKey } from '../types';

export type MethodSpec = {
  type: 'credit_card' | 'ach';
  platform: string;
  brand?: string;
  last_four: string;
  expired?: boolean;
  bank?: string;
  ach_type?: string;
  /** Which of the customer's accounts it is assigned to. */
  assign: (a: DemoAccount, i: number) => boolean;
};

export const METHODS: Record<DemoKey, MethodSpec[]> = {
  owner: [
    { type: 'credit_card', platform: 'live', brand: 'VISA', last_four: '4242', assign: () => true },
    {
      type: 'credit_card',
      platform: 'live',
      brand: 'MASTERCARD',
      last_four: '5454',
      expired: true,
      assign: () => false,
    },
    {
      type: 'ach',
      platform: 'live',
      last_four: '6789',
      bank: 'Chase Bank',
      ach_type: 'checking',
      assign: () => false,
    },
  ],
  franchise: [
    {
      type: 'credit_card',
      platform: 'live',
      brand: 'AMERICAN EXPRESS',
      last_four: '1005',
      assign: (_, i) => i < 20,
    },
    {
      type: 'ach',
      platform: 'live',
      last_four: '4321',
      bank: 'Wells Fargo',
      ach_type: 'checking',
      assign: (_, i) => i >= 20,
    },
    { type: 'credit_card', platform: 'live', brand: 'VISA', last_four: '1881', assign: () => false },
  ],
  direct: [
    { type: 'credit_card', platform: 'live', brand: 'MASTERCARD', last_four: '4444', assign: () => true },
  ],
  directories: [
    {
      type: 'credit_card',
      platform: 'bpr',
      brand: 'VISA',
      last_four: '1111',
      assign: (a) => a.platform === 'bpr',
    },
    {
      type: 'credit_card',
      platform: 'bpr',
      brand: 'DISCOVER',
      last_four: '1117',
      expired: true,
      assign: () => false,
    },
    {
      type: 'ach',
      platform: 'bpr',
      last_four: '2468',
      bank: 'Bank of America',
      ach_type: 'savings',
      assign: (a) => a.platform === 'fsr',
    },
  ],
  socius: [{ type: 'credit_card', platform: 'socius', brand: 'VISA', last_four: '0077', assign: () => true }],
  multi: [
    {
      type: 'credit_card',
      platform: 'live',
      brand: 'VISA',
      last_four: '3333',
      assign: (a) => a.platform === 'live',
    },
    {
      type: 'credit_card',
      platform: 'bpr',
      brand: 'MASTERCARD',
      last_four: '9876',
      assign: (a) => a.platform === 'bpr',
    },
    {
      type: 'ach',
      platform: 'live',
      last_four: '1357',
      bank: 'U.S. Bank',
      ach_type: 'checking',
      assign: (a) => a.platform === 'direct',
    },
  ],
};

export const ROUTING: Record<string, string> = {
  'Chase Bank': '021000021',
  'Wells Fargo': '121000248',
  'Bank of America': '026009593',
  'U.S. Bank': '091000022',
};

/** Rotation given to each customer's newest invoices, so every status exists for every customer. */
export const NEWEST_STATUSES = ['Unpaid', 'Partially paid', 'Pending', 'Failed', 'Cancelled'];

export type Charge = { product_key: string; product_name: string; items: [string, number, number][] };

export function chargesFor(
  key: DemoKey,
  account: DemoAccount,
  spend: number,
  leads: { cents: number; count: number },
) {
  const charges: Charge[] = [];
  const leadLine: [string, number, number] = [`Billable leads (${leads.count})`, leads.count, leads.cents];
  if (account.platform === 'live' || account.platform === 'socius') {
    if (leads.count)
      charges.push({ product_key: 'pay_per_call', product_name: 'Pay Per Call', items: [leadLine] });
  } else if (account.platform === 'bpr') {
    charges.push({
      product_key: 'bpr_reports',
      product_name: 'BPR Reports',
      items: [['BPR Reports subscription', 1, 14900], ...(leads.count ? [leadLine] : [])],
    });
  } else if (account.platform === 'fsr') {
    charges.push({
      product_key: 'directories',
      product_name: 'Directory Listings',
      items: [['Online Local Listings (2 verticals)', 2, 5000], ...(leads.count ? [leadLine] : [])],
    });
  } else if (spend > 0) {
    const fee = Math.round(spend * 0.15);
    const product =
      account.platform === 'franchise' ? ['paid_media', 'Paid Media'] : ['ppm', 'Performance Paid Media'];
    charges.push({
      product_key: product[0],
      product_name: product[1],
      items: [
        ['Media spend', 1, spend],
        ['Management fee (15%)', 1, fee],
      ],
    });
  }
  if (key === 'owner') {
    charges.push({
      product_key: 'seo',
      product_name: 'SEO',
      items: [['SEO - Expand package (17 hours)', 1, 125000]],
    });
    charges.push({
      product_key: 'website',
      product_name: 'Website Design',
      items: [['Website care - Prime', 1, 19900]],
    });
  }
  return charges;
}
