// The playout queue of an interaction: messages marked for air, in an order staff change,
// delivered in that order with their position in the file name.

/**
 * True when `next` holds exactly the ids of `current`, each once (a reorder neither adds nor drops).
 * @example isReorderOf([3, 1, 2], [1, 2, 3]) // true
 */
export function isReorderOf(next: readonly number[], current: readonly number[]): boolean {
  if (next.length !== current.length || new Set(next).size !== next.length) return false;
  const have = new Set(current);
  return next.every((id) => have.has(id));
}

/**
 * The ids with one moved by `step` places (clamped at both ends).
 * @example moveInOrder([1, 2, 3], 3, -1) // [1, 3, 2]
 */
export function moveInOrder(ids: readonly number[], id: number, step: number): number[] {
  const from = ids.indexOf(id);
  if (from === -1) return [...ids];
  const to = Math.max(0, Math.min(ids.length - 1, from + step));
  const out = ids.filter((x) => x !== id);
  out.splice(to, 0, id);
  return out;
}

/**
 * The delivered file name of the message at `position` (1-based) among `count`: its place first, padded so
 * the studio's file list sorts in air order.
 * @example playoutFileName(3, 12, "1_4_20260102_9.mp3") // "03_1_4_20260102_9.mp3"
 */
export function playoutFileName(position: number, count: number, name: string): string {
  const width = Math.max(2, String(count).length);
  return `${String(position).padStart(width, "0")}_${name}`;
}
