// The welcome help's first steps (back-office §7 help_item): the article is the same for every staff member,
// so what to click is said here, per role, from the permissions table: an operator is never told to create
// an interaction, a button only administrators have.
import { can, type Permission, type StaffUser } from "./permissions.ts";

/** Each first step and the permission it needs, in the order a new staff member takes them. */
const STEPS: readonly (readonly [step: string, needs: Permission])[] = [
  ["media", "channels-create"],
  ["create", "create-interaction"],
  ["interactions", "interaction-visual"],
  ["participations", "participations-read"],
  ["moderation", "moderation"],
  ["customisation", "channel-customisation"],
  ["users", "users-manage"],
  ["help_items", "help-items-edit"],
];

/**
 * The first steps the user's role allows, as keys under `help.steps.` of the locales.
 * @example welcomeSteps({ role: "operator" }) // ["interactions", "participations", "moderation"]
 */
export function welcomeSteps(user: Pick<StaffUser, "role">): string[] {
  return STEPS.filter(([, needs]) => can(user, needs)).map(([step]) => step);
}
