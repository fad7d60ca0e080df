/**
 * The sign-up wizard's texts. Quoted ones are the spec's product copy (part 1 §2, §4, §5, §8):
 * keep them verbatim. The field rules and their messages live in the shared contract
 * (src/api/contracts/signup.ts), so the server answers the same words.
 */
export const texts = {
  nextStep: 'Next Step',
  backToDashboard: 'Back to Dashboard',
  pleaseWait: 'Please Wait...',
  goToLogin: 'Go To Login',
  letsGo: "Let's Go",
  reviewMyInfo: 'Review My Info',
  goToDashboard: 'Go to Dashboard',
  creating: 'Creating your new account',
  created: 'Your account has been created successfully',
  addNewAccount: 'Add a new account',
  pricingTitle: 'Service Categories & Lead Costs',
  pricingLink: 'Pay-Per-Lead Pricing',
  termsLink: 'terms of service',
  promo: 'A $2,500 lead credit is being added to your account.',
  alreadyRegistered: 'Your account has been created. Continue to the next step.',
} as const;

/** Each step's heading and one line under it. */
export const headings = {
  account: {
    title: 'Create your account',
    lead: 'Tell us who you are. You will use this email and password to sign in.',
  },
  customAccount: {
    title: "Let's get you set up",
    lead: 'Confirm your details and choose a password to start receiving leads.',
  },
  business: {
    title: 'Your business profile',
    lead: 'What you do and where you work, so we can send you the right leads.',
  },
  addAccount: { title: 'Add a new account', lead: 'Add another business location or brand to your portal.' },
  legacyBusiness: {
    title: 'Your business profile',
    lead: 'Where we send your calls and how we let you know about new leads.',
  },
  review: {
    title: 'Review your information',
    lead: 'Check what we have on file for your business before you start.',
  },
  connect: {
    title: 'Connect your accounts',
    lead: 'Accounts already linked to your portal. Add others from the calls portal.',
  },
  packages: {
    title: 'Additional ways to grow',
    lead: 'Add search visibility to your calls: pick the package that suits you.',
  },
  payment: { title: 'Payment method', lead: 'Add the card or bank account your invoices will be paid with.' },
} as const;

/** Field labels and their tooltips (the "extra fields with tooltips" of step 2). */
export const labels = {
  first_name: 'First name',
  last_name: 'Last name',
  business_name: 'Business name',
  job_title: 'Job title',
  phone_number: 'Phone number',
  email: 'Email',
  password: 'Password',
  confirm_password: 'Confirm password',
  name: 'Business name',
  categories: 'Service categories',
  address: 'Business address',
  website: 'Website',
  platform: 'Platform',
  call_transfer_phone_number: 'Call transfer number',
  email_notification: 'Lead notification email',
  sms_notification: 'Lead notification text number',
} as const;

export const tips = {
  categories: 'The services you offer: we only send you leads for these.',
  address:
    'Type the street and the city (120 Congress Ave, Austin), or a city or ZIP code, then pick a suggestion: we complete the state and ZIP.',
  website: 'Optional. Helps us describe your business accurately.',
  call_transfer_phone_number: 'Calls from new customers are transferred to this number.',
  email_notification: 'We email every new lead to this address.',
  sms_notification: 'Optional. We text a short alert for every new lead to this number.',
} as const;
