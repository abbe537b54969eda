/** Loading / error / unparsable notes for a pane that shows a fetched event. */
import type { Load } from '../../stores/load';
import type { RunEvent } from '../../stores/use-run-event';
import { omittedPayloadMessage } from '../../../shared/bundle/bundle-budget';

/** A shared bundle left this payload out (its size budget): said where the payload would show. */
export function OmittedPayloadNote({ bytes, what }: { bytes: number; what: string }) {
  return (
    <p className="ev-warn" role="note">
      {omittedPayloadMessage(what, bytes)}
    </p>
  );
}

/** Renders nothing when the event is ready and parsed; otherwise says why there is no body. */
export function EventStateNote({ state, what }: { state: Load<RunEvent>; what: string }) {
  if (state.phase === 'loading') {
    return (
      <p className="loading" role="status">
        Loading the {what}…
      </p>
    );
  }
  if (state.phase === 'error') {
    return (
      <p className="error" role="alert">
        Could not load the {what}: <strong>{state.error.code}</strong> {state.error.message}
      </p>
    );
  }
  if (state.phase === 'ready' && state.value.omittedBytes !== undefined) {
    return <OmittedPayloadNote bytes={state.value.omittedBytes} what={`${what}'s payload`} />;
  }
  if (state.phase === 'ready' && !state.value.event) {
    return <p className="error" role="alert">The {what} is not in the log any more.</p>;
  }
  if (state.phase === 'ready' && state.value.rawPayload !== null) {
    return (
      <div className="error" role="alert">
        The {what}'s payload is not valid JSON; raw text:
        <pre className="json-view">{state.value.rawPayload.slice(0, 4000)}</pre>
      </div>
    );
  }
  return null;
}
