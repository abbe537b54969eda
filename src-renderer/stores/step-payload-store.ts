/**
 * Step payload domain store: full step outputs (`run.event` of the StepCompleted) and
 * artifacts (`run.artifact`: manifest + payload verified against its hash), fetched on
 * demand and cached per run, each with its own loading/error state.
 */
import { create } from 'zustand';
import { omittedPayloadMessage } from '../../shared/bundle/bundle-budget';
import type { ResponseOf } from '../../shared/contract';
import { diagnostic } from '../../shared/diagnostics';
import type { RunRef } from '../../shared/run/run-detail-types';
import { runItemKey } from '../../shared/run/run-key';
import { eventOutput } from '../../shared/run/run-output';
import { api } from '../api';
import { LOADING, loaded, type Load } from './load';

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

/** Cache key of an artifact of run `ref`. */
export function artifactKey(ref: RunRef, artifactRef: string): string {
  return runItemKey(ref, 'artifact', artifactRef);
}

/** Cache key of the output carried by event `sequence` of run `ref`. */
export function outputKey(ref: RunRef, sequence: number): string {
  return runItemKey(ref, 'output', sequence);
}

export const useStepPayloadStore = create<StepPayloadState>()((set, get) => ({
  artifacts: {},
  outputs: {},
  loadArtifact(ref, artifactRef) {
    const key = artifactKey(ref, artifactRef);
    if (get().artifacts[key]) return;
    set((s) => ({ artifacts: { ...s.artifacts, [key]: LOADING } }));
    void api['run.artifact']({ dataDir: ref.dataDir, runId: ref.runId, ref: artifactRef }).then((result) => {
      const load = loaded(result);
      set((s) => ({ artifacts: { ...s.artifacts, [key]: load } }));
    });
  },
  loadOutput(ref, sequence) {
    const key = outputKey(ref, sequence);
    if (get().outputs[key]) return;
    set((s) => ({ outputs: { ...s.outputs, [key]: LOADING } }));
    void api['run.event']({ dataDir: ref.dataDir, runId: ref.runId, sequence }).then((result) => {
      let load: Load<unknown>;
      if (!result.ok) load = loaded(result);
      else if (result.value.omittedBytes !== undefined) load = { phase: 'error', error: diagnostic('unsupported', omittedPayloadMessage(`payload of event ${sequence}`, result.value.omittedBytes)) };
      else if (!result.value.event) load = { phase: 'error', error: diagnostic('payload-unparsable', `Event ${sequence} has no parsable payload`) };
      else load = { phase: 'ready', value: eventOutput(result.value.event) };
      set((s) => ({ outputs: { ...s.outputs, [key]: load } }));
    });
  },
}));
