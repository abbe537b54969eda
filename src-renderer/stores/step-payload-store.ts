/**
 * Step payload domain store: full step outputs (`run.event` of the StepCompleted) and
 * artifacts (`run.artifact`: manifest + payload verified against its hash), fetched on
 * demand and cached per run, each with its own loading/error state.
 */
import { create } from 'zustand';
import type { ResponseOf } from '../../shared/contract';
import { diagnostic, type Diagnostic } from '../../shared/diagnostics';
import type { RunRef } from '../../shared/run/run-detail-types';
import { api } from '../api';

/** A fetch in progress, done, or failed with its diagnostic. */
export type Load<T> = { state: 'loading' } | { state: 'ok'; value: T } | { state: 'error'; error: Diagnostic };

/** What `run.artifact` answers. */
export type ArtifactView = ResponseOf<'run.artifact'>;

export type StepPayloadState = {
  artifacts: Record<string, Load<ArtifactView>>;
  outputs: Record<string, Load<unknown>>;
  /** Fetch (once) and verify artifact `artifactRef` of run `ref`. */
  loadArtifact(ref: RunRef, artifactRef: string): void;
  /** Fetch (once) the full `output` of the StepCompleted event at `sequence`. */
  loadOutput(ref: RunRef, sequence: number): void;
};

/** Cache key of a run-scoped item. */
export function payloadKey(ref: RunRef, item: string | number): string {
  return `${ref.dataDir}\n${ref.runId}\n${item}`;
}

export const useStepPayloadStore = create<StepPayloadState>()((set, get) => ({
  artifacts: {},
  outputs: {},
  loadArtifact(ref, artifactRef) {
    const key = payloadKey(ref, artifactRef);
    if (get().artifacts[key]) return;
    set((s) => ({ artifacts: { ...s.artifacts, [key]: { state: 'loading' } } }));
    void api['run.artifact']({ dataDir: ref.dataDir, runId: ref.runId, ref: artifactRef }).then((result) => {
      const load: Load<ArtifactView> = result.ok ? { state: 'ok', value: result.value } : { state: 'error', error: result.error };
      set((s) => ({ artifacts: { ...s.artifacts, [key]: load } }));
    });
  },
  loadOutput(ref, sequence) {
    const key = payloadKey(ref, sequence);
    if (get().outputs[key]) return;
    set((s) => ({ outputs: { ...s.outputs, [key]: { state: 'loading' } } }));
    void api['run.event']({ dataDir: ref.dataDir, runId: ref.runId, sequence }).then((result) => {
      let load: Load<unknown>;
      if (!result.ok) load = { state: 'error', error: result.error };
      else if (!result.value.event) load = { state: 'error', error: diagnostic('payload-unparsable', `Event ${sequence} has no parsable payload`) };
      else load = { state: 'ok', value: (result.value.event.payload as { output?: unknown } | null)?.output ?? null };
      set((s) => ({ outputs: { ...s.outputs, [key]: load } }));
    });
  },
}));
