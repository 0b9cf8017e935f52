/// <reference lib="dom" />
// Waiting for the page to reach a state: a key pressed while the inbox is still loading the
// message it acts on waits for that message's detail instead of being lost.

/**
 * Resolves with what `find` returns as soon as it is not null (checked now, then after each change of the
 * document), or null after `timeoutMs`.
 */
export function whenFound<T>(find: () => T | null, timeoutMs: number): Promise<T | null> {
  const now = find();
  if (now !== null) return Promise.resolve(now);
  return new Promise((resolve) => {
    const finish = (value: T | null) => {
      observer.disconnect();
      clearTimeout(timer);
      resolve(value);
    };
    const observer = new MutationObserver(() => {
      const found = find();
      if (found !== null) finish(found);
    });
    const timer = setTimeout(() => finish(find()), timeoutMs);
    observer.observe(document.body, { childList: true, subtree: true, attributes: true });
  });
}
