/**
 * The custom (lead_id) sign-up and its prefilled variant in a real browser, from the sales link
 * to the dashboard (spec part 1 §2, §3, §4, §5): terms box and the Pay-Per-Lead pricing modal
 * before "Let's Go", the lead's data for 'Review My Info', and a lead that already signed up.
 * Every step at 1280 and 390 px.
 */
import { describe, expect, it } from 'vitest';
import { useE2e } from './fixture';
import { field, shots, visible } from './screens';
import { signupLink } from './signup-links';

describe('custom (lead-based) sign-up', () => {
  const e2e = useE2e({ env: { RATE_PER_IP: '500', RATE_PER_ACCOUNT_IP: '50' } });

  it("needs the terms before 'Let's Go', shows the lead costs, then reviews the lead's data", async () => {
    const { context, page } = await e2e.newPage();
    await page.goto(e2e.url(await signupLink(e2e.url, '00Q-DEMO-0001')));
    await page.getByRole('heading', { name: "Let's get you set up" }).waitFor();
    expect(page.url()).toBe(e2e.url('/signup'));
    const letsGo = page.getByRole('button', { name: "Let's Go" });
    expect(await letsGo.isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Pay-Per-Lead Pricing' }).click();
    const dialog = page.getByRole('dialog', { name: 'Service Categories & Lead Costs' });
    await dialog
      .getByRole('row', { name: /Roofing/ })
      .first()
      .waitFor();
    expect(await dialog.getByRole('row').count()).toBe(27);
    for (const [label, range] of [
      ['Roofing', '$335-$505'],
      ['Plumbing', '$90-$360'],
      ['HVAC', '$140-$285'],
      ['Water Damage', '$185-$1,460'],
      ['Fire', '$175-$1,055'],
    ])
      expect(await dialog.getByRole('row', { name: `${label} ${range}`, exact: true }).count()).toBe(1);
    await shots(page, 'signup-custom-pricing');
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    expect(await dialog.count()).toBe(0);
    expect(await page.getByRole('link', { name: 'terms of service' }).getAttribute('target')).toBe('_blank');

    await field(page, 'First name').fill('Grace');
    await field(page, 'Last name').fill('Okafor');
    const address = page.getByRole('combobox', { name: 'Business address' });
    await address.fill('Raleigh');
    await page.getByRole('listbox', { name: 'Business address' }).getByRole('option').first().click();
    await field(page, 'Phone number').fill('9195550131');
    await field(page, 'Email').fill('grace@greenwaylawn.example');
    await field(page, 'Password').fill('Gr33n!lawn');
    await field(page, 'Confirm password').fill('Gr33n!lawn');
    await page.getByRole('checkbox', { name: /I agree to the/ }).check();
    expect(await letsGo.isEnabled()).toBe(true);
    await shots(page, 'signup-custom-1');
    await letsGo.click();
    await page.getByRole('button', { name: 'Please Wait...' }).waitFor();

    await page.getByRole('heading', { name: 'Review your information' }).waitFor();
    expect(await field(page, 'Business name').inputValue()).toBe('Greenway Lawn & Tree');
    await page.getByRole('button', { name: 'Remove Tree Service' }).waitFor();
    expect(await field(page, 'Email').inputValue()).toBe('grace@greenwaylawn.example');
    expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    await shots(page, 'signup-custom-2');
    await page.getByRole('button', { name: 'Review My Info' }).click();
    await page.waitForURL('**/dashboard/overview');
    await expect.poll(() => page.getByText('Grace Okafor').first().isVisible()).toBe(true);
    await context.close();
  });

  it('runs the prefilled variant: details typed in, then a review of the lead', async () => {
    const { context, page } = await e2e.newPage(390, 844);
    const link = `${await signupLink(e2e.url, '00Q-DEMO-0003')}&prefill=1`;
    await page.goto(e2e.url(link));
    await expect.poll(() => field(page, 'Email').inputValue()).toBe('hannah@brightsidesolar.example');
    expect(await field(page, 'First name').inputValue()).toBe('Hannah');
    expect(await field(page, 'Phone number').inputValue()).toBe('(602) 555-0109');
    expect(await page.getByRole('combobox', { name: 'Business address' }).inputValue()).toBe(
      '1801 E Camelback Rd, Phoenix, AZ 85016',
    );
    await field(page, 'Password').fill('Br1ght!side');
    await field(page, 'Confirm password').fill('Br1ght!side');
    await page.getByRole('checkbox', { name: /I agree to the/ }).check();
    await shots(page, 'signup-prefilled-1');
    await page.getByRole('button', { name: "Let's Go" }).click();

    await page.getByRole('heading', { name: 'Review your information' }).waitFor();
    await visible(page, 'Solar, Electrical').toBe(true);
    await visible(page, 'Brightside Solar').toBe(true);
    await visible(page, '1801 E Camelback Rd, Phoenix, AZ 85016').toBe(true);
    await shots(page, 'signup-prefilled-2');
    await page.getByRole('button', { name: 'Edit details' }).click();
    await field(page, 'Business name').fill('Brightside Solar & Electric');
    await page.getByRole('button', { name: 'Review My Info' }).click();
    await page.waitForURL('**/dashboard/overview');
    await expect.poll(() => page.getByText('Hannah Kim').first().isVisible()).toBe(true);
    await context.close();

    const again = await e2e.newPage();
    await again.page.goto(e2e.url(link));
    await again.page.waitForURL('**/login');
    await visible(again.page, 'Sign-up already completed').toBe(true);
    await again.context.close();
  });
});
