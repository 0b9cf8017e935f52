// The API description a station's developers generate their clients from (/api/openapi.json): what the
// routes declare, completed here with what the shared mechanisms guarantee for every operation (its
// caller's credentials, a stable operationId, the errors the common middlewares answer), so that validators
// and generators nobody here wrote accept it.
import { SESSION_COOKIE } from "../lib/platform/auth.ts";

/** The ways a caller proves who it is, as `components.securitySchemes` names them. */
export const SECURITY_SCHEMES = {
  staffBearer: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
    description: "A staff session token, as POST /api/v1/auth answers it.",
  },
  staffCookie: {
    type: "apiKey",
    in: "cookie",
    name: SESSION_COOKIE,
    description: "The back office's session cookie (writes must come from this site's origin).",
  },
  listenerBearer: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
    description: "A listener's session token, as POST /api/v1/app_users/login answers it.",
  },
  aiApiKey: {
    type: "apiKey",
    in: "header",
    name: "api-key",
    description: "The uuid of the caller's channel, sent with a staff session to the AI assistant.",
  },
} as const;

/** One way to be let in: every scheme it names must be met (`{}`: no credentials). */
type Requirement = { [scheme in keyof typeof SECURITY_SCHEMES]?: string[] };

const requirements = (...list: Requirement[]): Record<string, string[]>[] =>
  list as Record<string, string[]>[];

/** What a route declares in createRoute's `security`: one requirement of the list must be met. */
export const SECURITY = {
  /** Any staff session: the bearer token or the back office's cookie. */
  staff: requirements({ staffBearer: [] }, { staffCookie: [] }),
  /** A signed-in listener. */
  listener: requirements({ listenerBearer: [] }),
  /** Anyone; a signed-in listener is recognised (their points, their own vote). */
  listenerOptional: requirements({ listenerBearer: [] }, {}),
  /** A staff session or a signed-in listener (each gets its own answer). */
  staffOrListener: requirements({ staffBearer: [] }, { staffCookie: [] }, { listenerBearer: [] }),
  /** A staff session together with the channel's `api-key`. */
  staffWithApiKey: requirements({ staffBearer: [], aiApiKey: [] }, { staffCookie: [], aiApiKey: [] }),
  /** Anyone, without credentials. */
  public: requirements(),
};

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string }[];
  requestBody?: unknown;
  responses?: Record<string, unknown>;
}

type Document = {
  servers?: { url: string; description?: string }[];
  info: Record<string, unknown>;
  components?: Record<string, unknown>;
  paths?: Record<string, Record<string, Operation>>;
  webhooks?: Record<string, Record<string, Operation>>;
};

const BODY_METHODS = new Set(["post", "put", "patch"]);
const METHODS = new Set(["get", "put", "post", "delete", "patch", "head", "options", "trace"]);

/**
 * The stable operationId of `method path` when the route names none: the method, then each segment of the
 * path in camel case, a parameter as `By<Name>`. Example: `get /api/v1/app_users/{id}/messages` →
 * `getApiV1AppUsersByIdMessages`. It changes only if the URL does.
 */
export function operationIdOf(method: string, path: string): string {
  const words = path.split("/").filter(Boolean).flatMap((segment) => {
    const param = /^\{(.+)\}$/.exec(segment);
    const parts = (param ? param[1] : segment).split(/[^A-Za-z0-9]+/).filter(Boolean);
    return param ? ["By", ...parts] : parts;
  });
  return method.toLowerCase() + words.map((w) => w[0].toUpperCase() + w.slice(1)).join("");
}

const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
});

/** Whether an operation can be called without credentials. */
function isOpen(security: Record<string, string[]>[]): boolean {
  return security.length === 0 || security.some((r) => Object.keys(r).length === 0);
}

/**
 * The served document: the routes' own, plus `servers`, the security schemes, an operationId and a
 * `security` on every operation (a route that declares none is public), and the error answers every
 * operation shares: 400 (validation, unstorable text) where it takes input, 401 where it needs
 * credentials, 403 where it needs a staff session, 404 where its path names a row, 413 where it takes a body
 * (every body is bounded, so every POST, PUT and PATCH).
 */
export function completeDocument<T extends object>(doc: T, serverUrl = "/"): T {
  const out = structuredClone(doc) as unknown as Document;
  out.servers = [{ url: serverUrl, description: "This installation" }];
  const components = (out.components ??= {}) as Record<string, Record<string, unknown>>;
  components.securitySchemes = { ...SECURITY_SCHEMES };
  components.schemas = {
    ...components.schemas,
    Error: {
      type: "object",
      properties: {
        message: { type: "string" },
        code: { type: "string" },
        fields: { type: "object", additionalProperties: { type: "array", items: { type: "string" } } },
      },
      required: ["message", "code"],
    },
  };
  // two URLs of the spec may differ only by `-` and `_` (vote-results, vote_results): the first in
  // alphabetical order keeps the plain id, the next one gets a number; both stay stable
  const taken = new Set<string>();
  const uniqueId = (id: string) => {
    let unique = id;
    for (let n = 2; taken.has(unique); n++) unique = `${id}${n}`;
    taken.add(unique);
    return unique;
  };
  for (const [path, item] of Object.entries(out.paths ?? {}).sort(([a], [b]) => a < b ? -1 : 1)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      op.operationId ??= uniqueId(operationIdOf(method, path));
      op.security ??= [];
      const responses = (op.responses ??= {});
      const add = (status: string, description: string) => {
        responses[status] ??= errorResponse(description);
      };
      if ((op.parameters?.length ?? 0) > 0 || op.requestBody) add("400", "Invalid input");
      if (!isOpen(op.security)) add("401", "Not signed in");
      if (op.security.some((r) => "staffBearer" in r || "staffCookie" in r)) add("403", "Not allowed");
      if (op.parameters?.some((p) => p.in === "path")) add("404", "Not found");
      // every body is bounded (app/body_limit.ts), a declared one or not
      if (op.requestBody || BODY_METHODS.has(method)) add("413", "Body too large");
    }
  }
  // the webhooks the platform sends: the receiver checks their signature, no credentials
  for (const [event, item] of Object.entries(out.webhooks ?? {})) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      op.operationId ??= uniqueId(operationIdOf(method, `webhook/${event}`));
      op.security ??= [];
    }
  }
  return out as unknown as T;
}
