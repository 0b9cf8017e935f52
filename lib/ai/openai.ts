// An OpenAI-compatible chat-completions client (hosted APIs, llama.cpp, vLLM, Ollama), streaming.
import OpenAI from "openai";
import type { AiProvider } from "./types.ts";
import { buildPrompt } from "./prompt.ts";

export interface OpenAiOptions {
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** Injected by tests; the platform's fetch otherwise. */
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** A random name for the data block of one request, which no listener can guess in advance. */
export function dataBoundary(): string {
  return `participations-${crypto.randomUUID().replace(/-/g, "").slice(0, 16)}`;
}

/** The provider over an OpenAI-compatible server: the prompt of lib/ai/prompt.ts, the answer streamed. */
export function openAiProvider(options: OpenAiOptions): AiProvider {
  const client = new OpenAI({
    baseURL: options.baseUrl,
    // Local servers (llama.cpp, Ollama) accept any key; the client requires one.
    apiKey: options.apiKey || "not-needed",
    fetch: options.fetch,
    timeout: options.timeoutMs ?? 60_000,
    maxRetries: 1,
  });
  return {
    name: `openai:${options.model}`,
    async *answer(question, context) {
      const stream = await client.chat.completions.create({
        model: options.model,
        messages: buildPrompt(question, context, dataBoundary()),
        stream: true,
        temperature: 0.2,
      });
      for await (const chunk of stream) {
        const text = chunk.choices[0]?.delta?.content;
        if (text) yield text;
      }
    },
  };
}
