/**
 * The version a multi-save form's next save is based on (task-api.ts `record`): the version of the
 * read its values came from, plus one for each save the form has queued since (every applied save
 * raises the record's version by one). Counting its own saves keeps a wizard's step 2 right when
 * step 1 was delivered but the stored read not yet refreshed.
 *
 * - shown() is called where the form takes its values from the read; only the first call counts,
 *   as the values are taken once.
 * - A save the server refuses (422) still counts: the next one is then shown as a conflict the
 *   user resolves in the outbox, never applied over a change made elsewhere.
 */
import { useCallback, useState } from 'react';

type Base = { read: number | undefined; sent: number };

export function useRecordVersion() {
  const [base, setBase] = useState<Base | null>(null);
  const shown = useCallback(
    (version: number | undefined) => setBase((b) => b ?? { read: version, sent: 0 }),
    [],
  );
  const next = () => {
    const version = base?.read === undefined ? undefined : base.read + base.sent;
    setBase((b) => b && { ...b, sent: b.sent + 1 });
    return { version };
  };
  return { shown, next };
}
