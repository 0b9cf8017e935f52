// An OpenAI-compatible chat-completions client (hosted APIs, llama.cpp, vLLM, Ollama), streaming.
import { AI_MAX_MESSAGES } from "../rules/constants.ts";
import { linkCitations } from "./citations.ts";
import { buildPrompt, buildReducePrompt, type ChatMessage } from "./prompt.ts";
import type { AiProvider } from "./types.ts";

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
  // the client is loaded on the first question: an instance nobody asks never holds it in memory
  let loaded: Promise<import("openai").default> | null = null;
  const openClient = () =>
    loaded ??= import("openai").then(({ default: OpenAI }) =>
      new OpenAI({
        baseURL: options.baseUrl,
        // Local servers (llama.cpp, Ollama) accept any key; the client requires one.
        apiKey: options.apiKey || "not-needed",
        fetch: options.fetch,
        timeout: options.timeoutMs ?? 60_000,
        maxRetries: 1,
      })
    );
  async function* complete(messages: ChatMessage[]): AsyncGenerator<string> {
    const client = await openClient();
    const stream = await client.chat.completions.create({
      model: options.model,
      messages,
      stream: true,
      temperature: 0.2,
    });
    for await (const chunk of stream) {
      const text = chunk.choices[0]?.delta?.content;
      if (text) yield text;
    }
  }
  return {
    name: `openai:${options.model}`,
    /**
     * Up to AI_MAX_MESSAGES participations: one streamed answer. More: a map-reduce, so the model
     * reads every participation: notes per batch of AI_MAX_MESSAGES, then the answer from all the
     * notes, streamed. Citations "[#id]" of known participations link to the inbox.
     */
    async *answer(question, context) {
      const ids = new Set(context.messages.map((m) => m.id));
      const boundary = dataBoundary();
      if (context.messages.length <= AI_MAX_MESSAGES) {
        yield* linkCitations(complete(buildPrompt(question, context, boundary)), context.segment.id, ids);
        return;
      }
      const notes: string[] = [];
      const parts = Math.ceil(context.messages.length / AI_MAX_MESSAGES);
      for (let i = 0; i < parts; i++) {
        const batch = context.messages.slice(i * AI_MAX_MESSAGES, (i + 1) * AI_MAX_MESSAGES);
        let note = "";
        for await (
          const text of complete(
            buildPrompt(question, { ...context, messages: batch }, boundary, [i + 1, parts]),
          )
        ) {
          note += text;
        }
        notes.push(note);
        yield { done: i + 1, total: parts };
      }
      yield* linkCitations(
        complete(buildReducePrompt(question, context, notes, dataBoundary())),
        context.segment.id,
        ids,
      );
    },
  };
}
