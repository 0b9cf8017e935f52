/// <reference lib="dom" />
// A wait the server asked for (Retry-After of a 429), counted down once a second in the browser.
import { useEffect, useState } from "preact/hooks";

/**
 * Seconds left of the current wait (0 when none), a function starting a wait of `seconds`, and the
 * wait as it started (for a screen reader, told once rather than every second).
 */
export function useCountdown(): [number, (seconds: number) => void, number] {
  const [until, setUntil] = useState(0);
  const [total, setTotal] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= Date.now()) return;
    const timer = setInterval(() => {
      setNow(Date.now());
      if (Date.now() >= until) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  const left = Math.max(0, Math.ceil((until - now) / 1000));
  const start = (seconds: number) => {
    const at = Date.now();
    setNow(at);
    setTotal(seconds);
    setUntil(at + seconds * 1000);
  };
  return [left, start, total];
}
