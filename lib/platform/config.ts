// The instance's configuration: every setting comes from an environment variable, is validated once at
// start, and a bad value stops the start with a message naming it.
import { z } from "zod";
import { parseTrustProxy } from "../rules/client_address.ts";
import { LIVE_STREAMS_MAX } from "../rules/constants.ts";

/** Every setting the platform reads, from environment variables only (documented in README.md). */
export const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  /** Unset: loopback in development (a first start on a server is not open to the network), every interface in production. */
  HOSTNAME: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default("./.data"),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, "must start with postgres://").optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  /** Open live streams one instance holds at most (lib/rules/constants.ts LIVE_STREAMS_MAX by default). */
  LIVE_STREAMS_MAX: z.coerce.number().int().min(1).max(1_000_000).default(LIVE_STREAMS_MAX),
  DEMO_PASSWORD: z.string().min(8, "must have at least 8 characters").optional(),
  JWT_SECRET: z.string().min(32, "must have at least 32 characters").optional(),
  PUBLIC_URL: z.string().url().optional(),
  APP_ENV: z.enum(["development", "production", "test"]).default("development"),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, "must start with smtp:// or smtps://").optional(),
  MAIL_FROM: z.string().min(3).default("Interaction Manager <no-reply@localhost>"),
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_REGION: z.string().default("us-east-1"),
  TRANSCRIBE_BASE_URL: z.string().url().optional(),
  TRANSCRIBE_API_KEY: z.string().optional(),
  AI_BASE_URL: z.string().url().optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().default("gpt-4o-mini"),
  WORKER: z.enum(["inline", "off"]).default("inline"),
  MEDIA_JOB_EXPIRE_SECONDS: z.coerce.number().int().min(1).max(21_600).default(900),
  /** Media jobs a worker runs at once; unset, one per CPU (lib/rules/media_jobs.ts). */
  MEDIA_JOB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  LOG_REQUESTS: z.enum(["on", "off"]).default("on"),
  /**
   * Who may tell the client's address in X-Forwarded-For: `off`, `on` (= 1, the one proxy in front), a
   * number of proxies, or a comma-separated list of proxy addresses and CIDR ranges (lib/rules/client_address.ts).
   */
  TRUST_PROXY: z.string().refine((v) => parseTrustProxy(v) !== null, {
    message:
      "must be off, on, a number of proxies (0-10) or a comma-separated list of addresses or CIDR ranges",
  }).default("off"),
  /** Bearer token of GET /metrics (Prometheus); the endpoint does not exist without it. */
  METRICS_TOKEN: z.string().min(16, "must have at least 16 characters").optional(),
  /** Hosts webhooks may reach although private or loopback (and over plain http), comma-separated. */
  WEBHOOK_ALLOWED_HOSTS: z.string().optional(),
  /** The first retry delay of a failed webhook delivery (doubled after each failure). */
  WEBHOOK_RETRY_BASE_SECONDS: z.coerce.number().int().min(1).max(3600).optional(),
  /** Phone lines' providers (lib/lines): the Graph API (WhatsApp media) and a Twilio-dialect REST API. */
  WHATSAPP_GRAPH_URL: z.string().url().default("https://graph.facebook.com/v21.0"),
  TWILIO_API_URL: z.string().url().default("https://api.twilio.com"),
});

export type Config = z.infer<typeof configSchema> & { HOSTNAME: string };

/** Thrown when the environment holds a bad value; start prints it and exits. */
export class ConfigError extends Error {}

/** Reads and validates the configuration; empty strings count as unset. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = configSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const config = {
    ...parsed.data,
    HOSTNAME: parsed.data.HOSTNAME ?? (parsed.data.APP_ENV === "production" ? "0.0.0.0" : "127.0.0.1"),
  };
  if (config.APP_ENV === "production" && !config.JWT_SECRET) {
    throw new ConfigError("Invalid configuration:\n  JWT_SECRET: required when APP_ENV=production");
  }
  if (config.APP_ENV === "production" && !config.PUBLIC_URL) {
    throw new ConfigError(
      "Invalid configuration:\n  PUBLIC_URL: required when APP_ENV=production (the address in every mail's links)",
    );
  }
  if (config.S3_ENDPOINT && !config.S3_BUCKET) {
    throw new ConfigError("Invalid configuration:\n  S3_BUCKET: required when S3_ENDPOINT is set");
  }
  return config;
}

/** The address visitors and staff use, for links in mails and share URLs. */
export function publicUrl(config: Config): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, "");
}
