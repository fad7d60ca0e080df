/**
 * The device's clock for texts that count down (the review window): the time now, renewed every
 * minute, so a countdown left on screen moves on and a window that closes while the list is open
 * stops offering itself, with no call to the server.
 */
import { useEffect, useState } from 'react';

const TICK_MS = 60_000;

export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}
