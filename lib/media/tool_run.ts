// How the worker runs ffmpeg and ffprobe on a file a stranger sent: with a wall-clock timeout, a memory
// limit and the job's own signal, so a crafted upload cannot hold a core or the worker's memory, and a job
// that ends (expired, retried elsewhere, stopped) leaves no ffmpeg behind. The limit is set by prlimit
// (util-linux), which then becomes the tool itself: killing the child kills ffmpeg.
import { FFMPEG_MEMORY_LIMIT_BYTES, FFMPEG_TIMEOUT_MS } from "../rules/constants.ts";
import { log } from "../platform/log.ts";

/** What one run gave back. */
export interface ToolOutput {
  success: boolean;
  /** the run was stopped by its timeout or its job's signal */
  killed: boolean;
  stdout: Uint8Array;
  stderr: string;
}

/** One finished run, for a bench that reports what each tool cost. */
export interface ToolRun {
  cmd: string;
  args: string[];
  success: boolean;
  killed: boolean;
  ms: number;
  /** the tool's peak resident memory (KB), when the observer asked for it */
  peakKb: number | null;
}

let observer: ((run: ToolRun) => void) | null = null;

/**
 * Reports every later run to `fn` with the tool's peak resident memory (read by /usr/bin/time around
 * it); null stops. For bench/media_jobs.ts: the job code runs as in production, its figures are printed.
 */
export function observeToolRuns(fn: ((run: ToolRun) => void) | null): void {
  observer = fn;
}

let prlimit: Promise<boolean> | null = null;
const hasPrlimit = () =>
  prlimit ??= Deno.build.os !== "linux"
    ? Promise.resolve(false)
    : Deno.stat("/usr/bin/prlimit").then((s) => s.isFile, () => false).then((found) => {
      if (!found) log.warn("prlimit is missing (util-linux): ffmpeg runs without a memory limit");
      return found;
    });

/**
 * Runs `cmd` with `args`: its private memory limited to `memoryBytes` (RLIMIT_DATA: an allocation over it
 * fails and the tool ends), killed (SIGKILL) after `timeoutMs` or when `signal` aborts. A signal already
 * aborted starts nothing and throws its reason.
 */
export async function runTool(
  cmd: string,
  args: string[],
  options: { signal?: AbortSignal; timeoutMs?: number; memoryBytes?: number; stdout?: boolean } = {},
): Promise<ToolOutput> {
  options.signal?.throwIfAborted();
  const memory = options.memoryBytes ?? FFMPEG_MEMORY_LIMIT_BYTES;
  let argv = [cmd, ...args];
  // observed (a bench): /usr/bin/time reads the tool's peak; a kill then ends time, the tool ends with its pipes
  const peakFile = observer ? await Deno.makeTempFile({ prefix: "im-tool-peak-" }) : null;
  if (peakFile) argv = ["/usr/bin/time", "-f", "%M", "-o", peakFile, ...argv];
  // the limit is inherited by what prlimit runs
  if (await hasPrlimit()) argv = ["/usr/bin/prlimit", `--data=${memory}`, "--", ...argv];
  const started = performance.now();
  const child = new Deno.Command(argv[0], {
    args: argv.slice(1),
    stdin: "null",
    stdout: options.stdout ? "piped" : "null",
    stderr: "piped",
  }).spawn();
  let killed = false;
  const kill = () => {
    killed = true;
    try {
      child.kill("SIGKILL");
    } catch { /* already ended */ }
  };
  const timer = setTimeout(kill, options.timeoutMs ?? FFMPEG_TIMEOUT_MS);
  options.signal?.addEventListener("abort", kill, { once: true });
  try {
    const out = await child.output();
    const result = {
      success: out.success && !killed,
      killed,
      stdout: options.stdout ? out.stdout : new Uint8Array(),
      stderr: new TextDecoder().decode(out.stderr),
    };
    if (peakFile && observer) {
      const text = await Deno.readTextFile(peakFile).catch(() => "");
      const kb = Number(/(\d+)\s*$/.exec(text.trim())?.[1]);
      observer({
        cmd,
        args,
        success: result.success,
        killed,
        ms: Math.round(performance.now() - started),
        peakKb: Number.isFinite(kb) ? kb : null,
      });
    }
    return result;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", kill);
    if (peakFile) await Deno.remove(peakFile).catch(() => {});
  }
}
