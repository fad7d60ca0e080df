/**
 * The interest calls: the marketing form goes to the provider without the app's session headers,
 * its field errors come back as an ApiError's fieldErrors, and offline both refuse before sending.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../src/api/errors';
import { markNetworkFailure, markNetworkSuccess } from '../../../../src/sync/connectivity';
import { submitInterest, submitInterestForm } from '../../../../src/widgets/interest/interest-api';

const form = {
  firstname: 'Dana',
  lastname: 'Cruz',
  email: 'dana@example.test',
  company: 'Cruz Roofing',
  portal_product_selection: 'RevConnect' as const,
  portal_intent: 'RevConnect',
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('interest api', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    markNetworkSuccess();
  });

  it('posts the form to the provider without session headers', async () => {
    const fetchMock = vi.fn(async () => json(200, { inlineMessage: 'Thanks', submission_id: 'abc' }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(submitInterestForm(form)).resolves.toEqual({
      inlineMessage: 'Thanks',
      submission_id: 'abc',
    });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string | Request, RequestInit];
    expect(String(url instanceof Request ? url.url : url)).toContain('/sandbox/marketing/submissions');
    const headers = new Headers(init?.headers ?? (url instanceof Request ? url.headers : undefined));
    expect(headers.has('x-auth-token')).toBe(false);
  });

  it('turns the provider field errors into an ApiError', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(422, { errors: { email: ['Please enter a valid email'] } })),
    );
    const error = await submitInterestForm(form).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).fieldErrors).toEqual({ email: ['Please enter a valid email'] });
  });

  it('refuses offline before sending anything', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    markNetworkFailure();
    await expect(submitInterestForm(form)).rejects.toMatchObject({ status: 0 });
    await expect(
      submitInterest({ product: 'SEO', click_source: 'overview', product_status: 'inactive' }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
