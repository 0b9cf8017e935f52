import { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import type { AppEnv } from "./env.ts";
import { zodFields } from "./errors.ts";
import { AppError } from "../lib/errors.ts";

/** An API sub-app whose validation failures become the 400 JSON of DESIGN.md with the failing fields. */
export function apiApp(): OpenAPIHono<AppEnv> {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw new AppError(400, "validation", {}, zodFields(result.error));
    },
  });
}

/** A positive integer id in a path. */
export const idParam = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

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

/** The multipart form of an upload, refusing more than `maxBytes` of file (413) and non-forms (400). */
export async function readUploadForm(
  req: { header(name: string): string | undefined; formData(): Promise<FormData> | FormData },
  maxBytes: number,
): Promise<FormData> {
  if (Number(req.header("content-length") ?? 0) > maxBytes + 64 * 1024) {
    throw new AppError(413, "file_too_large", { mb: Math.round(maxBytes / 1024 / 1024) });
  }
  try {
    return await req.formData();
  } catch {
    throw new AppError(400, "file_missing");
  }
}
