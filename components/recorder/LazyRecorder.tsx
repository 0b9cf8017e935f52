// The recorder loaded on demand: islands render <LazyRecorder/> and the recorder's code (MediaRecorder,
// waveform) is fetched only when a visitor opens it, keeping the first screen's JavaScript small.
import type { ComponentType } from "preact";
import { useEffect, useState } from "preact/hooks";
import type { RecorderProps } from "./Recorder.tsx";

let loaded: ComponentType<RecorderProps> | null = null;

/** The recorder (props of Recorder.tsx), with a placeholder while its code loads. */
export function LazyRecorder(props: RecorderProps) {
  const [Recorder, setRecorder] = useState<ComponentType<RecorderProps> | null>(() => loaded);
  useEffect(() => {
    if (loaded) return;
    import("./Recorder.tsx").then((m) => {
      loaded = m.default;
      setRecorder(() => m.default);
    });
  }, []);
  return Recorder ? <Recorder {...props} /> : <p class="w-sending-dots" aria-busy="true">…</p>;
}
