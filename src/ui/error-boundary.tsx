/**
 * Catches what a part of the screen throws while rendering, above all a lazily loaded part whose
 * chunk could not be fetched (offline before the service worker had it, or a chunk gone after a
 * deploy), and says so with Retry (load-error.tsx) instead of the whole app going blank. Retry
 * renders the part anew: a lazy part asks for its chunk again (lazy-component.ts).
 *
 *   <ErrorBoundary what="this page" resetKey={location}>…</ErrorBoundary>
 *
 * A new `resetKey` (the next page) clears the failure too.
 */
import { Component, type ReactNode } from 'react';
import { retryFailedParts } from './lazy-component';
import { LoadError } from './load-error';

type Props = {
  /** What the part is, in words: 'this page', 'the filter form'. */
  what: string;
  resetKey?: unknown;
  children: ReactNode;
};
type State = { error: unknown; failed: boolean };

/** A chunk that did not arrive reads as no answer (status 0: offline or no server). */
function shapeOf(error: unknown): unknown {
  const message = error instanceof Error ? error.message : '';
  const noChunk = /dynamically imported module|Importing a module script failed|Failed to fetch/i;
  return noChunk.test(message) ? { status: 0 } : error;
}

export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error(`Could not show ${this.props.what}`, error);
  }

  componentDidUpdate(previous: Props) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.retry();
  }

  retry = () => {
    retryFailedParts();
    this.setState({ error: null, failed: false });
  };

  render() {
    if (!this.state.failed) return this.props.children;
    return <LoadError error={shapeOf(this.state.error)} what={this.props.what} onRetry={this.retry} />;
  }
}
