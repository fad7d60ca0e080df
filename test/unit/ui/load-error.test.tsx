import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, ContractError } from '../../../src/api/errors';
import { LoadError, plainWords } from '../../../src/ui/load-error';

afterEach(cleanup);

describe('a failed read in plain words', () => {
  it('says what happened without the server’s own text', () => {
    expect(plainWords(new ApiError(0, 'fetch failed'), 'your leads')).toBe(
      'We could not load your leads: this device is offline or the server did not answer.',
    );
    expect(plainWords(new ApiError(500, 'pg: relation missing'), 'your leads')).toBe(
      'We could not load your leads: the server had a problem on its side.',
    );
    expect(plainWords(new ApiError(404, 'Not found'), 'this lead')).toBe(
      'We could not find this lead. It may have been removed.',
    );
    expect(plainWords(new ContractError('POST', '/leads', 'bad'), 'your leads')).toContain('unexpected');
    expect(plainWords(new Error('x'), 'your leads')).toBe(
      'We could not load your leads. Something went wrong.',
    );
  });

  it('offers Retry, disabled while retrying', () => {
    const onRetry = vi.fn();
    const { rerender } = render(
      <LoadError error={new ApiError(503, 'down')} what="your leads" onRetry={onRetry} />,
    );
    expect(screen.getByRole('alert').textContent).toContain('the server had a problem');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
    rerender(<LoadError error={new ApiError(503, 'down')} what="your leads" onRetry={onRetry} retrying />);
    expect((screen.getByRole('button', { name: 'Retrying…' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
