// My space → "My phone number": the channel's line texts a code to the listener's number; typed in, it
// links the number to the account (its participations and points become the account's).
import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { SECURITY } from "../../../../app/openapi.ts";
import { apiApp, errorSchema, idParam, json } from "../../../../app/api.ts";
import { appUserOf } from "../../../../app/auth.ts";
import { translator } from "../../../../app/i18n.ts";
import {
  confirmPhoneLink,
  phoneLinks,
  requestPhoneLink,
  unlinkPhone,
} from "../../../../lib/lines/phone_links.ts";
import { PHONE_LINK_MEDIA } from "../../../../lib/rules/phone_links.ts";
import { visitorErrors } from "./_http.ts";

const tags = ["app users"];
const number = z.string().trim().min(3).max(40);
const medium = z.enum(PHONE_LINK_MEDIA);

const app = apiApp();

app.openapi(
  createRoute({
    method: "get",
    path: "/",
    security: SECURITY.listener,
    tags,
    summary: "The media the channel can text a code by, and the caller's linked numbers (last digits only)",
    request: { query: z.object({ channel_id: idParam }) },
    responses: {
      200: json(
        z.object({
          media: z.array(medium),
          numbers: z.array(z.object({ id: z.number(), number: z.string() })),
        }),
        "Media and numbers",
      ),
      ...visitorErrors,
    },
  }),
  async (c) => c.json(await phoneLinks(c.var.deps, appUserOf(c), c.req.valid("query").channel_id), 200),
);

app.openapi(
  createRoute({
    method: "post",
    path: "/",
    security: SECURITY.listener,
    tags,
    summary: "Text a code to the number through the channel's SMS or WhatsApp line",
    request: {
      body: {
        content: {
          "application/json": { schema: z.object({ channel_id: idParam, medium, number }).strict() },
        },
        required: true,
      },
    },
    responses: {
      202: json(z.object({ expires_at: z.string() }), "Code texted"),
      ...visitorErrors,
      422: json(errorSchema, "Not a phone number, or WhatsApp cannot reach it now (no template)"),
      429: json(errorSchema, "Too many codes this hour"),
      503: json(errorSchema, "The provider did not take the text"),
    },
  }),
  async (c) => {
    const body = c.req.valid("json");
    const now = c.var.deps.now?.() ?? new Date();
    const sent = await requestPhoneLink(
      c.var.deps,
      appUserOf(c),
      { channelId: body.channel_id, medium: body.medium, number: body.number },
      (language, code) => translator(language)("lines.link_code", { code }),
      now,
    );
    return c.json(sent, 202);
  },
);

app.openapi(
  createRoute({
    method: "post",
    path: "/confirm",
    security: SECURITY.listener,
    tags,
    summary: "Link the number with the code it received: its participations become the caller's",
    request: {
      body: {
        content: {
          "application/json": {
            schema: z.object({ medium, number, code: z.string().trim().max(20) }).strict(),
          },
        },
        required: true,
      },
    },
    responses: {
      200: json(z.object({ linked: z.literal(true), messages: z.number() }), "Linked"),
      ...visitorErrors,
      409: json(errorSchema, "The number is another account's"),
      422: json(errorSchema, "Wrong, spent or expired code"),
    },
  }),
  async (c) => {
    const now = c.var.deps.now?.() ?? new Date();
    return c.json(await confirmPhoneLink(c.var.deps, appUserOf(c), c.req.valid("json"), now), 200);
  },
);

app.openapi(
  createRoute({
    method: "delete",
    path: "/{id}",
    security: SECURITY.listener,
    tags,
    summary: "Unlink one of the caller's numbers",
    request: { params: z.object({ id: idParam }) },
    responses: { 204: { description: "Unlinked" }, ...visitorErrors },
  }),
  async (c) => {
    await unlinkPhone(c.var.deps, appUserOf(c), c.req.valid("param").id);
    return c.body(null, 204);
  },
);

export default app;
