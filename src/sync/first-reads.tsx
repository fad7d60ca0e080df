/**
 * A part of a screen shown whole, once its first reads have answered (issue 26: nothing moves once
 * shown). Inside <FirstReads>, every useCachedRead that has nothing to show yet (no stored copy, no
 * answer) holds the part: it stays invisible, its space taken and aria-busy, so sections that load
 * one after another never push what is already on screen. A read mounted because another answered
 * (a section drawn once its data is there) holds it too, in the same commit.
 *
 * Gain (user-visible): nothing moves once shown. test/e2e/layout-shift.test.ts holds every screen
 * of both demo accounts to a layout shift of at most 0.05 at 1280 and 390 px; the Lighthouse
 * survey's CLS is at most 0.005 on the screens benched (README "Speed").
 *
 * - Only the first time: once shown, the part never hides again (a refresh shows its own state).
 * - It is shown in the commit that follows the last read's answer, together with what the effects
 *   of that answer's commit change (a form's values set from the answer, instead of its one render
 *   of "Loading…"): the part's own passive effect runs after its children's, so its update and
 *   theirs are rendered as one. No frame is waited for (two were, before: 30-40 ms of a reload's
 *   first content on the profile tab). After HOLD_AT_MOST_MS at the latest, so a read that hangs
 *   never leaves a blank screen.
 * - Showing the part re-renders only its wrapper: the gate handed to the reads never changes (it
 *   is marked open instead), so no read's component renders again for it (before, the gate was
 *   taken away on showing, and each of them, with what it draws, rendered a second time).
 * - Outside a <FirstReads>, reads behave as before.
 */
import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
} from 'react';

/** The longest a part is held, whatever its reads do. */
export const HOLD_AT_MOST_MS = 3000;

/** `open` once the part is shown: holds are no longer counted. */
type Gate = { waiting: Set<number>; changed: () => void; open: boolean };

const GateContext = createContext<Gate | null>(null);
let nextId = 0;

/** A read's part in the gate: `waiting` while it has nothing to show and no answer yet. */
export function useFirstReadHold(waiting: boolean): void {
  const gate = useContext(GateContext);
  const id = useMemo(() => {
    nextId += 1;
    return nextId;
  }, []);
  useLayoutEffect(() => {
    if (!gate || gate.open) return;
    if (waiting) gate.waiting.add(id);
    else gate.waiting.delete(id);
    gate.changed();
  }, [gate, waiting, id]);
  useLayoutEffect(
    () => () => {
      if (!gate || gate.open) return;
      gate.waiting.delete(id);
      gate.changed();
    },
    [gate, id],
  );
}

export function FirstReads({ className, children }: { className?: string; children: ReactNode }) {
  const [shown, setShown] = useState(false);
  const [tick, setTick] = useState(0);
  const gate = useMemo<Gate>(
    () => ({ waiting: new Set(), changed: () => setTick((t) => t + 1), open: false }),
    [],
  );

  // A passive effect: it runs after every child's layout effect of the commit (the holds of this
  // commit are all in) and after the children's passive effects, whose updates (a form filled from
  // its answer) React renders in the same commit as this one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: tick is the signal that holds changed
  useEffect(() => {
    if (gate.open || gate.waiting.size > 0) return;
    gate.open = true;
    setShown(true);
  }, [gate, tick]);

  useEffect(() => {
    const timer = setTimeout(() => {
      gate.open = true;
      setShown(true);
    }, HOLD_AT_MOST_MS);
    return () => clearTimeout(timer);
  }, [gate]);

  return (
    <GateContext.Provider value={gate}>
      <div
        className={[className, shown ? null : 'first-reads--held'].filter(Boolean).join(' ')}
        aria-busy={shown ? undefined : true}
      >
        {children}
      </div>
    </GateContext.Provider>
  );
}
