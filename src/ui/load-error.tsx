/**
 * A read that failed, said in plain words with a Retry button: used where a list, a panel or a
 * figure could not be loaded. The server's own wording stays out of it (it is logged and the
 * api client's toast policy already shows what the spec wants); the user learns what happened
 * and what they can do.
 *
 * - `plainWords()` turns any error into one sentence: no connection, the server failing, a
 *   missing item, or "something went wrong" for the rest.
 * - Retry is a real button; while `retrying` it is disabled and says so.
 */
import './load-error.css';

/**
 * The api client's errors are read by their shape (ui/ stays free of the api layer): an ApiError
 * has an HTTP `status` (0 when no answer came), a ContractError its name.
 */
export function plainWords(error: unknown, what: string): string {
  const { status, name } = (error ?? {}) as { status?: unknown; name?: unknown };
  if (typeof status === 'number') {
    if (status === 0)
      return `We could not load ${what}: this device is offline or the server did not answer.`;
    if (status === 404) return `We could not find ${what}. It may have been removed.`;
    if (status === 429) return `We could not load ${what}: too many requests just now. Wait a moment.`;
    if (status >= 500) return `We could not load ${what}: the server had a problem on its side.`;
  }
  if (name === 'ContractError') return `We could not load ${what}: the server sent something unexpected.`;
  return `We could not load ${what}. Something went wrong.`;
}

type LoadErrorProps = {
  error: unknown;
  /** What was being loaded, in words: 'your leads', 'this lead'. */
  what: string;
  onRetry: () => void;
  retrying?: boolean;
};

export function LoadError({ error, what, onRetry, retrying }: LoadErrorProps) {
  return (
    <div className="load-error" role="alert">
      <p className="load-error__text">{plainWords(error, what)}</p>
      <button type="button" className="button button--ghost" onClick={onRetry} disabled={retrying}>
        {retrying ? 'Retrying…' : 'Retry'}
      </button>
    </div>
  );
}
