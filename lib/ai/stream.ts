// Turns a provider's answer into the HTTP body of POST /api/v2/ai/prompt and logs it in ai_logs.
import type { Sql } from "postgres";
import { insertAiLog } from "../../db/ai.ts";
import { AppError } from "../rules/errors.ts";
import type { TFunction } from "../rules/i18n.ts";
import { renderMarkdown } from "../rules/markdown.ts";
import { sseEvent } from "../rules/sse.ts";
import type { AiContext, AiProgress, AiProvider } from "./types.ts";
import { log as logger } from "../platform/log.ts";

/** How often a streamed answer is rendered for the page (milliseconds). */
const PREVIEW_MS = 250;

export interface AnswerStreamInput {
  provider: AiProvider;
  question: string;
  context: AiContext;
  t: TFunction;
  /** Server-sent events (delta, done, error) rather than plain markdown chunks. */
  sse: boolean;
  log: { sql: Sql; channelId: number; userId: number };
}

/**
 * The answer as a byte stream. The first chunk is awaited before answering, so a model server that
 * is down gives a 503 rather than an empty 200; no participation gives 'No results' without asking
 * any model. The question and the whole answer are logged before the stream ends.
 */
export async function answerStream(input: AnswerStreamInput): Promise<ReadableStream<Uint8Array>> {
  const { provider, question, context, t, sse, log } = input;
  const empty = context.messages.length === 0;
  const source: AsyncIterator<string | AiProgress> = empty
    ? (async function* () {
      yield t("ai.no_results");
    })()
    : provider.answer(question, context, t)[Symbol.asyncIterator]();
  let first: IteratorResult<string | AiProgress>;
  try {
    first = await source.next();
  } catch (error) {
    logger.error("AI provider failed", { provider: provider.name, error });
    throw new AppError(503, "ai_unavailable");
  }
  const encoder = new TextEncoder();
  let answer = "";
  let logged = false;
  const writeLog = async () => {
    if (logged) return;
    logged = true;
    await insertAiLog(log.sql, {
      channelId: log.channelId,
      segmentId: context.segment.id,
      userId: log.userId,
      prompt: question,
      answer,
      provider: empty ? "none" : provider.name,
    }).catch((error) => logger.error("ai_logs insert failed", { error }));
  };
  let previewAt = 0;
  let pending: IteratorResult<string | AiProgress> | null = first;
  return new ReadableStream<Uint8Array>({
    // One chunk of the provider per pull: a slow reader slows the model's stream down, no buffering.
    async pull(controller) {
      const emit = (text: string) => controller.enqueue(encoder.encode(text));
      let next: IteratorResult<string | AiProgress>;
      try {
        // Empty chunks are skipped here: a pull that enqueues nothing would not be called again. The
        // progress of a long read is an event of its own, left out of plain text.
        do {
          next = pending ?? await source.next();
          pending = null;
        } while (!next.done && (!next.value || (!sse && typeof next.value !== "string")));
      } catch (error) {
        logger.error("AI provider stopped", { provider: provider.name, error });
        const message = t("errors.ai_interrupted");
        emit(sse ? sseEvent("error", { message }) : `\n\n${message}\n`);
        await writeLog();
        controller.close();
        return;
      }
      if (next.done) {
        await writeLog();
        if (sse) {
          const html = renderMarkdown(answer, { images: false });
          emit(sseEvent("done", { markdown: answer, html, empty }));
        }
        controller.close();
        return;
      }
      if (typeof next.value !== "string") {
        emit(sseEvent("progress", next.value));
        return;
      }
      const text = next.value;
      answer += text;
      emit(sse ? sseEvent("delta", { text }) : text);
      // A sanitised preview of the answer so far, a few times a second, so the page shows it formatted.
      if (sse && Date.now() - previewAt >= PREVIEW_MS) {
        previewAt = Date.now();
        emit(sseEvent("html", { html: renderMarkdown(answer, { images: false }) }));
      }
    },
    // The reader went away (modal closed): stop the model's stream and keep what was said.
    async cancel() {
      await source.return?.().catch(() => {});
      await writeLog();
    },
  });
}
