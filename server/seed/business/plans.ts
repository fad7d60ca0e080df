/**
 * What each demo customer runs: per linked account, its campaigns (service, product, providers,
 * expected leads per day at average demand) plus social and programmatic campaigns. Volumes are
 * tuned so the owner has > 2,000 leads and the franchise > 10,000 over 18 months while the whole
 * seed stays a few hundred thousand rows.
 */
import type { DemoAccount, DemoKey } from '../types';

export type Product = 'pay_per_call' | 'directories' | 'paid_search' | 'ppm' | 'social' | 'programmatic';

export type CampaignPlan = {
  service: string;
  product: Product;
  /** search providers (ad facts), social providers (one ad each) or programmatic providers */
  providers: string[];
  /** Expected leads per day at demand factor 1 (whole campaign). */
  dailyLeads: number;
  /** How many of the city's counties it targets. */
  counties: number;
  paused?: boolean;
};

export const PRODUCT_NAMES: Record<Product, string> = {
  pay_per_call: 'Pay Per Call',
  directories: 'Directories',
  paid_search: 'Paid Search',
  ppm: 'Performance Paid Media',
  social: 'Social Ads',
  programmatic: 'Programmatic',
};

export const MEDIA_TYPE: Record<Product, string> = {
  pay_per_call: 'calls',
  directories: 'calls',
  paid_search: 'search',
  ppm: 'search',
  social: 'social',
  programmatic: 'programmatic',
};

/** Pay-per-lead platforms bill each lead at its category price; ad platforms pass spend through. */
export const PAY_PER_LEAD_PLATFORMS = new Set(['live', 'socius', 'bpr', 'fsr']);

export function campaignPlans(key: DemoKey, account: DemoAccount, index: number): CampaignPlan[] {
  switch (key) {
    case 'owner':
      return [
        {
          service: 'hvac',
          product: 'pay_per_call',
          providers: ['google', 'bing', 'lsa'],
          dailyLeads: 4.0,
          counties: 3,
        },
        {
          service: 'air_duct_cleaning',
          product: 'pay_per_call',
          providers: ['google', 'lsa'],
          dailyLeads: 1.0,
          counties: 2,
        },
        {
          service: 'insulation',
          product: 'pay_per_call',
          providers: ['google'],
          dailyLeads: 0.6,
          counties: 1,
          paused: true,
        },
        {
          service: 'hvac',
          product: 'social',
          providers: ['facebook', 'instagram'],
          dailyLeads: 0.12,
          counties: 1,
        },
      ];
    case 'franchise': {
      const roofing = ['google', 'lsa'];
      if (index % 2 === 0) roofing.push('bing');
      if (index % 7 === 0) roofing.push('linkedin');
      const plans: CampaignPlan[] = [
        { service: 'roofing', product: 'paid_search', providers: roofing, dailyLeads: 0.75, counties: 1 },
      ];
      if (index % 2 === 1)
        plans.push({
          service: 'gutters',
          product: 'paid_search',
          providers: ['google'],
          dailyLeads: 0.2,
          counties: 1,
        });
      plans.push({
        service: 'roofing',
        product: 'social',
        providers: ['facebook', 'instagram'],
        dailyLeads: 0.12,
        counties: 1,
      });
      if (index < 8)
        plans.push({
          service: 'roofing',
          product: 'programmatic',
          providers: ['display', 'simplifi'],
          dailyLeads: 0,
          counties: 1,
        });
      return plans;
    }
    case 'direct':
      return [
        { service: 'plumbing', product: 'ppm', providers: ['google', 'bing'], dailyLeads: 0.9, counties: 2 },
        { service: 'sewer_drain', product: 'ppm', providers: ['google'], dailyLeads: 0.35, counties: 1 },
        { service: 'plumbing', product: 'social', providers: ['facebook'], dailyLeads: 0.05, counties: 1 },
        {
          service: 'plumbing',
          product: 'programmatic',
          providers: ['display', 'simplifi'],
          dailyLeads: 0,
          counties: 1,
        },
      ];
    case 'directories':
      return account.platform === 'fsr'
        ? [
            {
              service: 'mold_remediation',
              product: 'directories',
              providers: [],
              dailyLeads: 0.25,
              counties: 1,
            },
            { service: 'fire', product: 'directories', providers: [], dailyLeads: 0.1, counties: 1 },
          ]
        : [{ service: 'water_damage', product: 'directories', providers: [], dailyLeads: 0.3, counties: 1 }];
    case 'socius':
      return [
        {
          service: 'electrical',
          product: 'pay_per_call',
          providers: ['google'],
          dailyLeads: 0.6,
          counties: 1,
        },
      ];
    case 'multi':
      if (account.platform === 'bpr')
        return [{ service: 'hvac', product: 'directories', providers: [], dailyLeads: 0.2, counties: 1 }];
      if (account.platform === 'direct')
        return [
          {
            service: 'electrical',
            product: 'ppm',
            providers: ['google', 'bing'],
            dailyLeads: 0.35,
            counties: 1,
          },
          {
            service: 'electrical',
            product: 'programmatic',
            providers: ['display'],
            dailyLeads: 0,
            counties: 1,
          },
        ];
      return index === 0
        ? [
            {
              service: 'hvac',
              product: 'pay_per_call',
              providers: ['google', 'lsa'],
              dailyLeads: 0.5,
              counties: 1,
            },
          ]
        : [
            {
              service: 'plumbing',
              product: 'pay_per_call',
              providers: ['google'],
              dailyLeads: 0.4,
              counties: 1,
            },
          ];
  }
}

/** Cost per click in cents for a Google search click, by category. */
export const GOOGLE_CPC: Record<string, number> = {
  hvac: 950,
  air_duct_cleaning: 550,
  insulation: 650,
  roofing: 1400,
  gutters: 700,
  plumbing: 1000,
  sewer_drain: 1100,
  electrical: 750,
};

/** Share of a provider in a campaign's leads and how it converts. */
export const PROVIDER_SHAPE: Record<
  string,
  { share: number; cpcFactor: number; cvr: number; ctr: number; callShare: number }
> = {
  google: { share: 1, cpcFactor: 1, cvr: 0.09, ctr: 0.055, callShare: 0.62 },
  bing: { share: 0.25, cpcFactor: 0.7, cvr: 0.07, ctr: 0.045, callShare: 0.55 },
  linkedin: { share: 0.08, cpcFactor: 0.6, cvr: 0.02, ctr: 0.008, callShare: 0.3 },
  lsa: { share: 0.55, cpcFactor: 1, cvr: 0.6, ctr: 0.04, callShare: 0.85 },
};

export const DEVICE_SHARE: Record<string, [string, number][]> = {
  default: [
    ['mobile', 0.58],
    ['desktop', 0.32],
    ['tablet', 0.07],
    ['other', 0.03],
  ],
  lsa: [
    ['mobile', 0.75],
    ['desktop', 0.2],
    ['tablet', 0.04],
    ['other', 0.01],
  ],
};

export const PROVIDER_LABEL: Record<string, string> = {
  google: 'Google Ads',
  bing: 'Microsoft Advertising',
  linkedin: 'LinkedIn Ads',
  lsa: 'Local Services Ads',
  facebook: 'Facebook Ads',
  instagram: 'Instagram Ads',
  display: 'Display Network',
  simplifi: 'Simpli.fi',
  bpr: 'BPR Directory',
  fsr: 'FSR Directory',
  call_tracking: 'Call Tracking',
};

export const PROVIDER_CHANNEL: Record<string, string> = {
  google: 'Paid Search',
  bing: 'Paid Search',
  linkedin: 'Paid Search',
  lsa: 'LSA',
  facebook: 'Social',
  instagram: 'Social',
  directory: 'Directories',
};
