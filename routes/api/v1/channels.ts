import { createRoute } from "@hono/zod-openapi";
import { SECURITY } from "../../../app/openapi.ts";
import { z } from "zod";
import {
  apiApp,
  errorSchema,
  idParam,
  json,
  multipartBody,
  readUploadForm,
  staffErrors,
} from "../../../app/api.ts";
import { requireStaff, staffOf } from "../../../app/auth.ts";
import { channelView } from "../../../lib/rules/channels.ts";
import {
  channelCreateSchema,
  channelFieldsSchema,
  customisationSchema,
} from "../../../lib/rules/channel_schema.ts";
import * as service from "../../../lib/channels/service.ts";
import { enqueueImageVariants } from "../../../lib/media/image_variants.ts";
import { publicChannel } from "../../../lib/channels/widget.ts";
import { MEDIA_MAX_BYTES } from "../../../lib/rules/constants.ts";
import { audit } from "../../../app/audit.ts";

const tags = ["channels"];
const channelSchema = z.record(z.string(), z.unknown());
const idParams = z.object({ id: idParam });
const body = <T extends z.ZodType>(schema: T) => ({
  body: { content: { "application/json": { schema } }, required: true },
});
const imageErrors = {
  ...staffErrors,
  413: json(errorSchema, "File larger than 10 MB"),
  415: json(errorSchema, "Not a png or jpg image"),
};

const app = apiApp();

// Public first: the widget reads its channel without a session (registered before the staff guard).
app.openapi(
  createRoute({
    method: "get",
    path: "/mobile/{id}",
    tags,
    summary: "A channel as the public widget sees it",
    request: { params: idParams },
    responses: {
      200: json(channelSchema, "The public channel"),
      400: staffErrors[400],
      404: staffErrors[404],
    },
  }),
  async (c) => {
    const { view } = await publicChannel(c.var.sql, c.req.valid("param").id);
    c.header("Cache-Control", "public, max-age=15");
    return c.json(view, 200);
  },
);

app.use("*", requireStaff());

app.openapi(
  createRoute({
    method: "get",
    path: "/",
    security: SECURITY.staff,
    tags,
    summary: "Channel list with counts (super administrator)",
    responses: {
      200: json(z.array(z.object({ id: z.number(), label: z.string() }).passthrough()), "Channels"),
      ...staffErrors,
    },
  }),
  async (c) => {
    return c.json(await service.listChannelsWithCounts(c.var.sql, staffOf(c)), 200);
  },
);

app.openapi(
  createRoute({
    method: "post",
    path: "/",
    security: SECURITY.staff,
    tags,
    summary: "Create a channel (super administrator)",
    request: body(channelCreateSchema),
    responses: {
      201: json(channelSchema, "The new channel"),
      ...staffErrors,
      422: json(errorSchema, "Bad parent"),
    },
  }),
  async (c) => {
    const user = staffOf(c);
    const id = await service.createChannel(c.var.sql, c.var.deps.jwtSecret, user, c.req.valid("json"));
    return c.json(channelView(await service.channelFor(c.var.sql, user, id)), 201);
  },
);

app.openapi(
  createRoute({
    method: "get",
    path: "/{id}",
    security: SECURITY.staff,
    tags,
    summary: "A channel",
    request: { params: idParams },
    responses: { 200: json(channelSchema, "The channel"), ...staffErrors },
  }),
  async (c) => {
    const channel = await service.channelFor(c.var.sql, staffOf(c), c.req.valid("param").id);
    return c.json(channelView(channel), 200);
  },
);

app.openapi(
  createRoute({
    method: "put",
    path: "/{id}",
    security: SECURITY.staff,
    tags,
    summary: "Update a channel (fields present in the body only)",
    request: { params: idParams, ...body(channelFieldsSchema) },
    responses: {
      200: json(channelSchema, "The channel"),
      ...staffErrors,
      422: json(errorSchema, "Bad parent"),
    },
  }),
  async (c) => {
    const user = staffOf(c);
    const { id } = c.req.valid("param");
    const changes = c.req.valid("json");
    await service.updateChannel(c.var.sql, c.var.deps.jwtSecret, user, id, changes, c.var.deps.storage);
    // the names of the settings changed (delivery credentials among them), never their values
    await audit(c, "channel_settings_changed", {
      object: ["channel", id],
      channelId: id,
      details: { fields: Object.keys(changes).sort() },
    });
    return c.json(channelView(await service.channelFor(c.var.sql, user, id)), 200);
  },
);

app.openapi(
  createRoute({
    method: "put",
    path: "/{id}/customisation",
    security: SECURITY.staff,
    tags,
    summary: "Set the channel's default customisation",
    request: { params: idParams, ...body(customisationSchema) },
    responses: { 200: json(customisationSchema, "The customisation"), ...staffErrors },
  }),
  async (c) => {
    const value = c.req.valid("json");
    await service.setChannelCustomisation(c.var.sql, staffOf(c), c.req.valid("param").id, value);
    return c.json(value, 200);
  },
);

const gaugeSchema = z.object({
  count: z.number(),
  target: z.number(),
  percent: z.number(),
  reached: z.boolean(),
});
app.openapi(
  createRoute({
    method: "get",
    path: "/{id}/monetisation",
    security: SECURITY.staff,
    tags,
    summary: "Monetisation eligibility: messages and participants of the last 12 months",
    request: { params: idParams },
    responses: {
      200: json(
        z.object({
          messages: gaugeSchema,
          participants: gaugeSchema,
          eligible: z.boolean(),
          months: z.number(),
        }),
        "Eligibility",
      ),
      ...staffErrors,
    },
  }),
  async (c) => {
    const now = c.var.deps.now?.() ?? new Date();
    return c.json(
      await service.channelMonetisation(c.var.sql, staffOf(c), c.req.valid("param").id, now),
      200,
    );
  },
);

for (const which of ["logo", "background"] as const) {
  app.openapi(
    createRoute({
      method: "post",
      path: `/{id}/${which}`,
      security: SECURITY.staff,
      tags,
      summary: `Upload the channel ${which} (multipart field image)`,
      request: {
        params: idParams,
        body: { content: multipartBody({ image: "binary" }, ["image"]), required: true },
      },
      responses: { 200: json(channelSchema, "The channel"), ...imageErrors },
    }),
    async (c) => {
      const user = staffOf(c);
      const { id } = c.req.valid("param");
      await service.editableChannelFor(c.var.sql, user, id);
      const form = await readUploadForm(c.req, MEDIA_MAX_BYTES);
      const url = await service.storeChannelImage(
        c.var.sql,
        c.var.deps.storage,
        user,
        id,
        which,
        form.get("image"),
      );
      if (which === "background") await enqueueImageVariants(c.var.deps.boss, url);
      return c.json(channelView(await service.channelFor(c.var.sql, user, id)), 200);
    },
  );
  app.openapi(
    createRoute({
      method: "delete",
      path: `/{id}/${which}`,
      security: SECURITY.staff,
      tags,
      summary: which === "logo" ? "Remove the channel logo" : "Put the stock background back",
      request: { params: idParams },
      responses: { 200: json(channelSchema, "The channel"), ...staffErrors },
    }),
    async (c) => {
      const user = staffOf(c);
      const { id } = c.req.valid("param");
      await service.deleteChannelImage(c.var.sql, c.var.deps.storage, user, id, which);
      return c.json(channelView(await service.channelFor(c.var.sql, user, id)), 200);
    },
  );
}

export default app;
