/**
 * An error a person may see: an HTTP status, a stable code, and the i18n key of its message (under
 * `errors.`), with interpolation values. Services throw it; the app turns it into JSON in the
 * caller's language.
 */
export class AppError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 408 | 409 | 410 | 413 | 415 | 422 | 429 | 503,
    readonly code: string,
    readonly values: Record<string, unknown> = {},
    readonly fields?: Record<string, string[]>,
  ) {
    super(code);
  }
}

export const notFound = (what = "not_found") => new AppError(404, what);
export const forbidden = (what = "forbidden") => new AppError(403, what);
export const unauthorized = (what = "unauthorized") => new AppError(401, what);
export const conflict = (code: string, values: Record<string, unknown> = {}) =>
  new AppError(409, code, values);
