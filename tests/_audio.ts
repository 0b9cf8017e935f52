// Recordings for the audio-for-air tests: a sentence spoken by espeak-ng between silences, made
// quiet or loud (clipped) with ffmpeg, and what ffmpeg's ebur128 filter reads on a file.
import { parseEbur128 } from "../lib/rules/audio.ts";

async function run(cmd: string, args: string[]): Promise<Uint8Array> {
  const out = await new Deno.Command(cmd, { args, stdout: "piped", stderr: "piped" }).output();
  if (!out.success) throw new Error(`${cmd}: ${new TextDecoder().decode(out.stderr)}`);
  return cmd === "ffmpeg" ? out.stderr : out.stdout;
}

/**
 * A wav of `text` spoken with 1.5 s of silence before and after, at `gainDb` (-20: a quiet phone, +12:
 * a clipped one); returns its path in `dir`.
 */
export async function spokenWav(dir: string, name: string, gainDb: number, text?: string): Promise<string> {
  const speech = `${dir}/${name}-speech.wav`;
  await run("espeak-ng", [
    "-v",
    "fr",
    "-w",
    speech,
    text ?? "Bonjour, ici Marie de Lyon, je voudrais faire un coucou à ma mère qui écoute tous les matins.",
  ]);
  const out = `${dir}/${name}.wav`;
  await run("ffmpeg", [
    "-hide_banner",
    "-loglevel",
    "error",
    "-y",
    "-f",
    "lavfi",
    "-t",
    "1.5",
    "-i",
    "anullsrc=r=22050:cl=mono",
    "-i",
    speech,
    "-f",
    "lavfi",
    "-t",
    "1.5",
    "-i",
    "anullsrc=r=22050:cl=mono",
    "-filter_complex",
    `[0][1][2]concat=n=3:v=0:a=1,volume=${gainDb}dB`,
    out,
  ]);
  return out;
}

/** Integrated loudness (LUFS) and true peak (dBTP) as ffmpeg's ebur128 filter reads them. */
export async function ebur128(path: string) {
  const log = await run("ffmpeg", [
    "-hide_banner",
    "-nostats",
    "-i",
    path,
    "-af",
    "ebur128=peak=true",
    "-f",
    "null",
    "-",
  ]);
  return parseEbur128(new TextDecoder().decode(log));
}
