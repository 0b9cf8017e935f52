// Levels by points (visitor-widget §4 "Levels by points", §9 thresholds): pure, shared by the API
// and the widget islands.
import { LEVELS } from "./constants.ts";

/** A level name, BEGINNER to HERO. */
export type LevelName = typeof LEVELS[number]["name"];

/**
 * The level of a points total: the highest level whose threshold is reached.
 * @example levelOf(249) // "BEGINNER"; levelOf(250) // "AMATEUR"; levelOf(2000) // "HERO"
 */
export function levelOf(points: number): LevelName {
  let level: LevelName = LEVELS[0].name;
  for (const { name, from } of LEVELS) if (points >= from) level = name;
  return level;
}

/**
 * The next level and the points still missing to reach it, or null at HERO.
 * @example nextLevel(240) // { name: "AMATEUR", from: 250, missing: 10 }
 */
export function nextLevel(points: number): { name: LevelName; from: number; missing: number } | null {
  const next = LEVELS.find((l) => l.from > points);
  return next ? { name: next.name, from: next.from, missing: next.from - Math.max(0, points) } : null;
}
