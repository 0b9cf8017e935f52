// The interaction open over the channel widget's home: its live quiz, or its participation flow; kept, hidden,
// while a confirmed recording waits for the listener's login.
import { Flow, type FlowProps, Quiz } from "./screens.tsx";

export function OpenInteraction(props: { flow: FlowProps; held: boolean; onClose: () => void }) {
  const { segment } = props.flow;
  return (
    <div style={props.held ? "display:none" : "display:contents"}>
      {segment.quiz
        ? <Quiz key={segment.id} segmentId={segment.id} title={segment.title} onClose={props.onClose} />
        : <Flow key={segment.id} {...props.flow} />}
    </div>
  );
}
