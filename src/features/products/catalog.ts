/**
 * The Products page's static marketing copy (spec part 2 §1, §9): each family's title, pitch and
 * feature panel, and its packages in ladder order with their copy. Package keys are the server's
 * (GET /products answers them). The spec's figures: website Prime under 15 pages, Premier migrates
 * up to 50, Pro up to 100; SEO Expand 17, Accelerate 26, Distinguish 36 hours a month; online
 * local listings $25 per month per service vertical. Legacy SEO is hidden (never offered).
 */
import type { ProductKey } from '../../api/contracts/products';

export type CustomCta = {
  title: string;
  /** MODAL opens the modal `modalId`; without it the request is sent and `toastMessage` shown. */
  action?: 'MODAL';
  modalId?: string;
  toastMessage?: string;
};

export type PackageCopy = {
  key: string;
  title: string;
  description: string;
  features: string[];
  benefits: string[];
  customCTA?: CustomCta;
  isHidden?: boolean;
};

export type ProductFamily = {
  key: ProductKey;
  title: string;
  pitch: string;
  features: string[];
  packages: PackageCopy[];
};

export const ENROLL_MODAL = 'online-local-listings';

export const CATALOG: ProductFamily[] = [
  {
    key: 'pay_per_call',
    title: 'Pay Per Call',
    pitch: 'Pay only for real phone calls from homeowners who need your service now.',
    features: ['Calls screened for intent', 'Recordings and AI summaries', 'Dispute unqualified calls'],
    packages: [
      {
        key: 'pay_per_call',
        title: 'Pay Per Call',
        description: 'Inbound calls from customers in your service area, at your category rate.',
        features: ['Calls routed to your destination phones', 'SMS and email alerts per lead'],
        benefits: ['No monthly retainer', 'Set your own service area'],
      },
    ],
  },
  {
    key: 'directories',
    title: 'Directories',
    pitch: 'Be listed where local customers look, in print and online.',
    features: [
      'Printed guidebooks delivered to homes',
      'Online listings kept accurate',
      'Reviews in one place',
    ],
    packages: [
      {
        key: 'print_guidebooks',
        title: 'Print Directory Guidebooks',
        description: 'A listing in our printed home-services guidebook, delivered to local households.',
        features: ['Category listing with your logo', 'Distributed twice a year'],
        benefits: ['Reach homeowners who keep a printed guide', 'Builds recognition in your area'],
        customCTA: {
          title: 'Add to my plan',
          toastMessage: 'Print Directory Guidebooks added to your plan.',
        },
      },
      {
        key: 'online_local_listings',
        title: 'Online Local Listings',
        description: '$25 per month per service vertical; leads are billed at your current rate.',
        features: ['Your business on the major directories', 'Name, address and phone kept consistent'],
        benefits: ['More calls from local searches', 'Agreement sent to you by e-mail'],
        customCTA: { title: 'Enroll', action: 'MODAL', modalId: ENROLL_MODAL },
      },
    ],
  },
  {
    key: 'website',
    title: 'Website Design',
    pitch: 'A fast, mobile-friendly website that turns visitors into calls.',
    features: ['Hosting and security updates included', 'Click-to-call and quote forms', 'Built for search'],
    packages: [
      {
        key: 'prime',
        title: 'Prime',
        description: 'A focused site of under 15 pages for a single-location business.',
        features: ['Under 15 pages', 'Contact and quote forms'],
        benefits: ['Live in weeks', 'Easy to keep current'],
      },
      {
        key: 'premier',
        title: 'Premier',
        description: 'We migrate your existing site, up to 50 pages, onto a modern design.',
        features: ['Migrates up to 50 pages', 'Service and location pages'],
        benefits: ['Keep the content you have', 'Better speed and rankings'],
      },
      {
        key: 'pro',
        title: 'Pro',
        description: 'For growing and multi-location businesses: up to 100 pages.',
        features: ['Up to 100 pages', 'Location pages for every branch'],
        benefits: ['Room to grow', 'One site for every location'],
      },
    ],
  },
  {
    key: 'paid_media',
    title: 'Paid Media',
    pitch: 'Ads managed by specialists on the channels your customers use.',
    features: ['Budgets managed daily', 'Monthly performance reporting', 'Call and form tracking'],
    packages: [
      {
        key: 'paid_search',
        title: 'Paid Search',
        description: 'Search ads for the services you offer, in the places you serve.',
        features: ['Keyword and bid management', 'Negative keyword upkeep'],
        benefits: ['Be there when customers search', 'Pay for clicks that matter'],
      },
      {
        key: 'lsa',
        title: 'LSA',
        description: 'Local Services Ads set up and managed, with lead disputes handled for you.',
        features: ['Profile and verification help', 'Lead dispute handling'],
        benefits: ['Top-of-page placement', 'Pay per lead'],
      },
      {
        key: 'social',
        title: 'Social',
        description: 'Social ads that keep your brand in front of local homeowners.',
        features: ['Audience targeting by area', 'Creative refreshed monthly'],
        benefits: ['Stay top of mind', 'Promote seasonal offers'],
      },
      {
        key: 'programmatic',
        title: 'Programmatic',
        description: 'Display and video ads bought automatically across thousands of sites.',
        features: ['Retargeting of site visitors', 'Geo-fenced campaigns'],
        benefits: ['Wide reach at a low cost', 'Bring visitors back'],
      },
    ],
  },
  {
    key: 'seo',
    title: 'SEO',
    pitch: 'Rank for the searches that bring you jobs, with hours of expert work every month.',
    features: ['Quarterly content plan', 'Technical fixes and local citations', 'Rank and traffic reports'],
    packages: [
      {
        key: 'launch',
        title: 'Launch',
        description: 'The foundations: technical fixes, your Google Business Profile and citations.',
        features: ['Site audit and fixes', 'Business profile optimisation'],
        benefits: ['A clean start', 'Show up on the map'],
      },
      {
        key: 'expand',
        title: 'Expand',
        description: '17 hours a month of content and optimisation for your main services.',
        features: ['17 hours per month', 'Two new pages a month'],
        benefits: ['More services ranking', 'Steady traffic growth'],
      },
      {
        key: 'accelerate',
        title: 'Accelerate',
        description: '26 hours a month to compete in busier markets.',
        features: ['26 hours per month', 'Link building'],
        benefits: ['Outrank competitors', 'Faster results'],
      },
      {
        key: 'legacy',
        title: 'Legacy',
        description: 'Our earlier SEO plan, kept for existing customers.',
        features: ['12 hours per month'],
        benefits: ['Continuity for long-standing customers'],
        isHidden: true,
      },
      {
        key: 'distinguish',
        title: 'Distinguish',
        description: '36 hours a month for market leaders and multi-location brands.',
        features: ['36 hours per month', 'Dedicated strategist'],
        benefits: ['Lead your market', 'Every location covered'],
      },
    ],
  },
  {
    key: 'ppm',
    title: 'Performance Paid Media',
    pitch: 'Paid media priced on results: you pay for the leads the campaigns deliver.',
    features: ['Campaigns across search and social', 'Lead-based pricing', 'RevConnect revenue tracking'],
    packages: [
      {
        key: 'performance_paid_media',
        title: 'Performance Paid Media',
        description: 'We run and fund the campaigns; you pay per qualified lead.',
        features: ['Multi-channel campaigns', 'Lead quality reviews'],
        benefits: ['Predictable cost per lead', 'No wasted ad spend'],
      },
    ],
  },
];
