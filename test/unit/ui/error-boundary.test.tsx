/**
 * A lazily loaded part whose chunk does not arrive (offline before the service worker had it)
 * shows a plain message with Retry instead of taking the app down; Retry asks for the chunk again,
 * and a new resetKey (the next page) clears the failure.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '../../../src/ui/error-boundary';
import { lazyComponent } from '../../../src/ui/lazy-component';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const Form = () => <p>The filter form</p>;
const offline = () => new TypeError('Failed to fetch dynamically imported module: /assets/form-x.js');

describe('ErrorBoundary around a lazy part', () => {
  it('says the part could not be loaded, then shows it once Retry finds its chunk', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi.fn().mockRejectedValueOnce(offline()).mockResolvedValueOnce({ default: Form });
    const Lazy = lazyComponent(load);
    render(
      <main>
        <h1>Leads</h1>
        <ErrorBoundary what="the filter form">
          <Suspense fallback={<p>Loading…</p>}>
            <Lazy />
          </Suspense>
        </ErrorBoundary>
      </main>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'We could not load the filter form: this device is offline or the server did not answer.',
    );
    expect(screen.getByRole('heading', { name: 'Leads' })).toBeTruthy(); // the rest stays
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('The filter form')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('clears the failure when its resetKey changes (the next page)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Broken = () => {
      throw new Error('boom');
    };
    const Page = ({ path }: { path: string }) => (
      <ErrorBoundary what="this page" resetKey={path}>
        {path === '/broken' ? <Broken /> : <p>Overview</p>}
      </ErrorBoundary>
    );
    const { rerender } = render(<Page path="/broken" />);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'We could not load this page. Something went wrong.',
    );
    rerender(<Page path="/overview" />);
    expect(await screen.findByText('Overview')).toBeTruthy();
  });
});
