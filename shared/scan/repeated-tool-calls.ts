/**
 * Repeated tool calls: the same tool with equal arguments (canonical JSON) started several
 * times in a row within one harness session (one step attempt, repair or resume, or one
 * planner/orchestrator session). Only `harness.tool_call.started` counts: a completed call
 * replayed on resume writes no new start, and an in-flight one is finished under its original
 * callId, so a resume never looks like a repeat. Tools the settings list as polled are skipped
 * (they neither count nor break a streak). Thresholds: docs/SCAN.md.
 */
import { field, numberField, stringField } from '../fold/payload-fields';
import { isPollingTool } from './polling-tools';
import { findingCost, usd, type ScanContext, type ScanEvent, type Scanner } from './scan-context';
import type { ScanFinding } from './scan-types';
import { sessionLabel } from './session-endings';
import { valueKey } from './value-key';

/** Calls in a row that make a finding, and that make it an error. */
export const TOOL_REPEAT_MIN = 3;
export const TOOL_REPEAT_ERROR = 6;

type Streak = { key: string; toolName: string; stepPath: string | null; session: string; sequences: number[]; turns: number[] };

export class RepeatedToolCalls implements Scanner {
  private readonly streaks = new Map<string, Streak>();
  /** callId of each model call by session, then turn: the turns that asked for the repeats are what they cost (dropped when the session ends). */
  private readonly modelTurns = new Map<string, Map<number, string>>();
  private readonly found: ScanFinding[] = [];

  constructor(private readonly ctx: ScanContext) {}

  add(e: ScanEvent): void {
    if (e.where === null) return;
    if (e.type === 'harness.model.called') {
      const callId = stringField(e.payload, 'callId');
      const turn = numberField(e.payload, 'turn');
      if (callId === undefined || turn === undefined) return;
      let turns = this.modelTurns.get(e.where.session);
      if (turns === undefined) this.modelTurns.set(e.where.session, (turns = new Map()));
      turns.set(turn, callId);
      return;
    }
    if (e.type === 'harness.session.completed' || e.type === 'harness.session.failed') {
      this.flush(e.where.session);
      this.modelTurns.delete(e.where.session);
      return;
    }
    if (e.type !== 'harness.tool_call.started') return;
    const toolName = stringField(e.payload, 'toolName');
    if (toolName === undefined || isPollingTool(toolName, this.ctx.settings.pollingTools)) return;
    const args = valueKey(field(e.payload, 'args') ?? null);
    if (args === null) return; // arguments canonical JSON refuses cannot be compared
    const key = `${toolName}\u0000${args}`;
    const turn = numberField(e.payload, 'turn') ?? -1;
    const streak = this.streaks.get(e.where.session);
    if (streak !== undefined && streak.key === key) {
      streak.sequences.push(e.sequence);
      streak.turns.push(turn);
      return;
    }
    this.flush(e.where.session);
    this.streaks.set(e.where.session, { key, toolName, stepPath: e.where.stepPath, session: e.where.session, sequences: [e.sequence], turns: [turn] });
  }

  finish(out: ScanFinding[]): void {
    for (const session of [...this.streaks.keys()]) this.flush(session);
    out.push(...this.found);
  }

  private flush(session: string): void {
    const streak = this.streaks.get(session);
    if (streak === undefined) return;
    this.streaks.delete(session);
    const n = streak.sequences.length;
    if (n < TOOL_REPEAT_MIN) return;
    // The model turns that asked for the calls after the first (a code caller has none: no cost to give).
    const firstTurn = streak.turns[0];
    const turns = new Set(streak.turns.slice(1).filter((t) => t >= 0 && t !== firstTurn));
    const calls = [...turns].flatMap((t) => {
      const callId = this.modelTurns.get(session)?.get(t);
      const cost = callId === undefined ? undefined : this.ctx.callCost(callId);
      return cost === undefined ? [] : [cost];
    });
    const cost = findingCost(calls);
    const where = streak.stepPath === null ? sessionLabel(session, null) : `step ${streak.stepPath}`;
    this.found.push(
      this.ctx.finding('repeated-tool-call', n >= TOOL_REPEAT_ERROR ? 'error' : 'warning', {
        message: `${streak.toolName} was called ${n} times in a row with the same arguments in ${where}${calls.length > 0 ? ` (the model turns that asked again: ${usd(cost)})` : ''}`,
        stepPath: streak.stepPath,
        sequences: streak.sequences,
        costUsd: cost,
        hint: `Look at what ${streak.toolName} returned to the first call: an agent that repeats a call usually did not get (or did not read) the answer it needed. If ${streak.toolName} is polled on purpose, list it in the scan settings' pollingTools.`,
      }),
    );
  }
}
