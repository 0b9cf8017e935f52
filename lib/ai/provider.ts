// Which assistant answers staff's questions on their participations: an OpenAI-compatible model when
// one is configured, else the analyst built into the product (no data leaves the server).
import type { Config } from "../platform/config.ts";
import { builtinAnalyst } from "./analyst.ts";
import { openAiProvider } from "./openai.ts";
import type { AiProvider } from "./types.ts";

/** The configured provider: an OpenAI-compatible model when AI_BASE_URL is set, else the built-in analyst. */
export function aiProvider(config: Pick<Config, "AI_BASE_URL" | "AI_API_KEY" | "AI_MODEL">): AiProvider {
  if (!config.AI_BASE_URL) return builtinAnalyst;
  return openAiProvider({ baseUrl: config.AI_BASE_URL, apiKey: config.AI_API_KEY, model: config.AI_MODEL });
}
