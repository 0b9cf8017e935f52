// The JSON API's shared pieces: its sub-apps (validated by one hook, staff-only where asked), the
// id of a path, the error shape every route declares, and the readers of uploads.
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "./env.ts";
import { requireStaff } from "./auth.ts";
import type { Permission } from "../lib/rules/permissions.ts";
import { zodFields } from "./errors.ts";
import { AppError } from "../lib/rules/errors.ts";
import { unstorableTextPaths } from "../lib/rules/validation.ts";
import { SECURITY } from "./openapi.ts";

/**
 * Refuses (400 `invalid_character`, naming each field) any text the database cannot store as typed: a
 * NUL or a lone surrogate. Every validated body, query, form and path goes through it.
 */
export function assertStorableText(value: unknown): void {
  const paths = unstorableTextPaths(value);
  if (paths.length > 0) {
    throw new AppError(
      400,
      "invalid_character",
      {},
      Object.fromEntries(paths.map((p) => [p, ["invalid_character"]])),
    );
  }
}

/**
 * The validation hook of every API: failures become the 400 JSON of DESIGN.md with the failing fields,
 * and valid input is checked for characters the database cannot store.
 */
export function validationHook(
  result: { success: true; data: unknown } | { success: false; error: z.ZodError },
): void {
  if (!result.success) throw new AppError(400, "validation", {}, zodFields(result.error));
  assertStorableText(result.data);
}

/** An API sub-app validated by validationHook. */
export function apiApp(): OpenAPIHono<AppEnv> {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
}

/**
 * An API sub-app whose every route needs a staff session holding `permissions` (none: any staff); its
 * routes are documented with the staff security schemes unless they declare their own.
 */
export function staffApi(...permissions: Permission[]): OpenAPIHono<AppEnv> {
  const app = apiApp();
  app.use("*", requireStaff(...permissions));
  const register = app.openapi;
  app.openapi = ((route: { security?: unknown }, ...rest: unknown[]) => {
    route.security ??= SECURITY.staff;
    return (register as (...args: unknown[]) => unknown)(route, ...rest);
  }) as typeof app.openapi;
  return app;
}

/** A positive integer id in a path. */
export const idParam = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** A page's id in its path (`name`, "id" by default), read as idParam reads it; anything else is a 404. */
export function pathId(c: Context<AppEnv>, name = "id"): number {
  const id = idParam.safeParse(c.req.param(name));
  if (!id.success) throw new AppError(404, "not_found");
  return id.data;
}

/** The error body of every API (documented once). */
export const errorSchema = z.object({
  message: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.array(z.string())).optional(),
});

/** JSON responses for createRoute: `{ 200: json(schema, "…") }`. */
export const json = <T extends z.ZodType>(schema: T, description: string) => ({
  content: { "application/json": { schema } },
  description,
});

/** The usual error responses of a staff API. */
export const staffErrors = {
  400: json(errorSchema, "Invalid input"),
  401: json(errorSchema, "Not logged in"),
  403: json(errorSchema, "Not allowed"),
  404: json(errorSchema, "Not found"),
};

/**
 * A multipart request body for createRoute, documented in /api/openapi.json but not validated by a
 * middleware: the handler reads it with readUploadForm, which streams it with a size limit where a
 * validator would buffer the whole body first. Example: `multipartBody({ image: "binary" }, ["image"])`.
 */
export function multipartBody(
  fields: Record<string, "binary" | "string" | "integer">,
  required: string[] = [],
) {
  const properties = Object.fromEntries(
    Object.entries(fields).map(([name, kind]) => [
      name,
      kind === "binary" ? { type: "string" as const, format: "binary" } : { type: kind },
    ]),
  );
  return { "multipart/form-data": { schema: { type: "object" as const, properties, required } } };
}

/**
 * The multipart form of an upload, refusing more than `maxBytes` of file (413, also for a chunked body
 * without Content-Length, counted while reading) and anything that is not a form (400).
 */
export async function readUploadForm(
  req: { header(name: string): string | undefined; raw: Request; formData(): Promise<FormData> | FormData },
  maxBytes: number,
): Promise<FormData> {
  const limit = maxBytes + 64 * 1024;
  const tooLarge = () => new AppError(413, "file_too_large", { mb: Math.round(maxBytes / 1024 / 1024) });
  if (Number(req.header("content-length") ?? 0) > limit) throw tooLarge();
  if (req.raw.bodyUsed || req.raw.body?.locked) {
    // A validator already parsed the form (Hono caches it).
    let form: FormData;
    try {
      form = await req.formData();
    } catch {
      throw new AppError(400, "file_missing");
    }
    assertStorableText(Object.fromEntries(form.entries()));
    return form;
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (req.raw.body) {
    for await (const chunk of req.raw.body) {
      size += chunk.length;
      if (size > limit) throw tooLarge();
      chunks.push(chunk);
    }
  }
  let form: FormData;
  try {
    const body = new Blob(chunks as BlobPart[]);
    const type = req.header("content-type") ?? "";
    form = await new Response(body, { headers: { "content-type": type } }).formData();
  } catch {
    throw new AppError(400, "file_missing");
  }
  assertStorableText(Object.fromEntries(form.entries()));
  return form;
}

/**
 * The image of an upload: the `image` (or `file`) field of a multipart form, or a JSON body
 * `{ image: data URL, file_name }` (the widget's avatar preview); both counted against `maxBytes` while read.
 */
export async function readImageBody(
  req: Parameters<typeof readUploadForm>[0],
  maxBytes: number,
): Promise<unknown> {
  if (!(req.header("content-type") ?? "").includes("application/json")) {
    const form = await readUploadForm(req, maxBytes);
    return form.get("image") ?? form.get("file");
  }
  // base64 is 4/3 of the bytes: the limit grows accordingly, counted while reading.
  const limit = Math.ceil(maxBytes * 4 / 3) + 64 * 1024;
  const tooLarge = () => new AppError(413, "file_too_large", { mb: maxBytes / 1024 / 1024 });
  if (Number(req.header("content-length") ?? 0) > limit) throw tooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of req.raw.body ?? []) {
    size += chunk.length;
    if (size > limit) throw tooLarge();
    chunks.push(chunk);
  }
  const text = await new Blob(chunks as BlobPart[]).text();
  const form = new FormData();
  let parsed: { image?: unknown; file_name?: unknown };
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new AppError(400, "invalid_json");
  }
  const match = typeof parsed.image === "string" ? /^data:[^;,]*;base64,(.*)$/s.exec(parsed.image) : null;
  if (!match) throw new AppError(400, "file_missing");
  let bytes: Uint8Array;
  try {
    bytes = Uint8Array.from(atob(match[1]), (ch) => ch.charCodeAt(0));
  } catch {
    throw new AppError(400, "file_missing");
  }
  const name = typeof parsed.file_name === "string" ? parsed.file_name.slice(0, 255) : "avatar";
  form.append("image", new File([bytes as BlobPart], name));
  return form.get("image");
}
