// Levels by points (visitor-widget §4 "Levels by points", §9 thresholds): pure, shared by the API
// and the widget's my space.
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
