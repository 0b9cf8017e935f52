// Stopping an instance (SIGTERM from Docker, systemd or Kubernetes; SIGINT from a terminal) without losing
// anything acknowledged: stop accepting, end every live stream (EventSource clients reconnect, to another
// instance), let the requests in flight finish, stop the worker's jobs (pg-boss gives them to another worker),
// close the database (a PGlite closed cleanly, never killed mid-write), and exit within SHUTDOWN_DEADLINE_MS,
// before an orchestrator's kill (10 s by default) turns the stop into a crash.
import { endLiveStreams } from "../lib/live/stream.ts";
import { SHUTDOWN_DEADLINE_MS, SHUTDOWN_DRAIN_MS } from "../lib/rules/constants.ts";
import { log as logger } from "../lib/platform/log.ts";

export interface Stoppable {
  /** Stops accepting connections and resolves when the requests in flight are answered (Deno.serve's). */
  shutdown(): Promise<void>;
}

const wait = (ms: number) => new Promise<void>((r) => Deno.unrefTimer(setTimeout(r, ms)));

/**
 * Stops the server then `stop` (worker, bus, database) in the order above and resolves with the exit code:
 * 0 when everything stopped in time, 1 when the drain or `stop` ran out of time.
 */
export async function shutDown(
  server: Stoppable | null,
  stop: () => Promise<void>,
  log: (line: string) => void = (line) => logger.info(line),
): Promise<number> {
  const started = Date.now();
  let code = 0;
  if (server) {
    const drained = server.shutdown().then(() => true);
    endLiveStreams(); // after the listener closed: no new stream opens behind them
    if (!await Promise.race([drained, wait(SHUTDOWN_DRAIN_MS).then(() => false)])) {
      log(`[shutdown] requests still in flight after ${SHUTDOWN_DRAIN_MS} ms: stopping anyway`);
      code = 1;
    }
  } else endLiveStreams();
  const left = SHUTDOWN_DEADLINE_MS - (Date.now() - started);
  const stopped = await Promise.race([stop().then(() => true), wait(left).then(() => false)]);
  if (!stopped) {
    log(`[shutdown] the worker or the database did not stop within ${SHUTDOWN_DEADLINE_MS} ms`);
    code = 1;
  }
  log(`[shutdown] stopped in ${Date.now() - started} ms`);
  return code;
}

/** Calls `shutDown` on the first SIGTERM or SIGINT and exits with its code; a second signal exits at once. */
export function shutDownOnSignal(server: Stoppable | null, stop: () => Promise<void>): void {
  // A promise rejected with nobody to hear it (a query meeting the database closed by a stop, in a task
  // that was still running) is logged as an error line; it neither crashes a live show's server nor
  // breaks its stop.
  globalThis.addEventListener("unhandledrejection", (event) => {
    event.preventDefault();
    logger.error("unhandled rejection", { error: event.reason });
  });
  let stopping = false;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    Deno.addSignalListener(signal, async () => {
      if (stopping) Deno.exit(1);
      stopping = true;
      Deno.exit(await shutDown(server, stop));
    });
  }
}
