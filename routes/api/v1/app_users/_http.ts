// Helpers shared by the visitor account routes (private: not a route).
import { z } from "zod";
import { errorSchema, json } from "../../../../app/api.ts";
import { type AppUserRow, appUserView } from "../../../../lib/rules/app_users.ts";

/** A login or registration answer: the user (with its id) and its bearer token, flat (widget §7). */
export const sessionBody = (user: AppUserRow, accessToken: string) => ({
  ...appUserView(user),
  access_token: accessToken,
});

/** The error responses of the visitor API. */
export const visitorErrors = {
  400: json(errorSchema, "Invalid input, with the spec's message"),
  401: json(errorSchema, "No visitor token"),
  403: json(errorSchema, "Another visitor's data, or an anonymous user"),
  404: json(errorSchema, "Not found"),
};

/** `OK` as plain text (availability checks, widget §7). */
export const okText = { content: { "text/plain": { schema: z.literal("OK") } }, description: "Free: `OK`" };
