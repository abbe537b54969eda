/**
 * How harness sessions ended: on a turn limit (little-harness's workflow harness gives plan,
 * orchestrate and fix tasks 25 model turns and then fails the session with "exceeded 25 model
 * turns"), on a budget (an error naming a budget), or completed while a tool call the agent
 * made had failed and was never made again successfully in that session (the agent went on as
 * if it had the result). "Never made again" means: no later success of that tool and no model call
 * after the failure in the session (a model call carries the error back to the model, which may
 * rightly take another way). Thresholds and patterns: docs/SCAN.md.
 */
import { objectField, stringField } from '../fold/payload-fields';
import { findingCost, usd, type CallCost, type ScanContext, type ScanEvent, type Scanner } from './scan-context';
import type { ScanFinding } from './scan-types';

const TURN_LIMIT = /exceeded \d+ (model )?turns|max(imum)?[ _-]?turns/i;
const BUDGET_LIMIT = /budget/i;

type Session = { started: number; stepPath: string | null; label: string; calls: CallCost[]; failedTools: Map<string, number[]> };

export class SessionEndings implements Scanner {
  private readonly sessions = new Map<string, Session>();
  private readonly found: ScanFinding[] = [];

  constructor(private readonly ctx: ScanContext) {}

  private session(e: ScanEvent): Session | undefined {
    return e.where === null ? undefined : this.sessions.get(e.where.session);
  }

  add(e: ScanEvent): void {
    if (e.where === null) return;
    switch (e.type) {
      case 'harness.session.started':
        this.sessions.set(e.where.session, {
          started: e.sequence,
          stepPath: e.where.stepPath,
          label: sessionLabel(e.where.place, e.where.stepPath),
          calls: [],
          failedTools: new Map(),
        });
        return;
      case 'harness.model.called':
        // The next turn hands the failed call's error to the model: it saw it.
        this.session(e)?.failedTools.clear();
        return;
      case 'harness.model.responded': {
        const callId = stringField(e.payload, 'callId');
        const cost = callId === undefined ? undefined : this.ctx.callCost(callId);
        if (cost !== undefined) this.session(e)?.calls.push(cost);
        return;
      }
      case 'harness.tool_call.failed': {
        const toolName = stringField(e.payload, 'toolName');
        const session = this.session(e);
        if (toolName === undefined || session === undefined) return;
        session.failedTools.set(toolName, [...(session.failedTools.get(toolName) ?? []), e.sequence]);
        return;
      }
      case 'harness.tool_call.succeeded': {
        const toolName = stringField(e.payload, 'toolName');
        if (toolName !== undefined) this.session(e)?.failedTools.delete(toolName);
        return;
      }
      case 'harness.session.completed':
        this.completed(e);
        return;
      case 'harness.session.failed':
        this.failed(e);
        return;
    }
  }

  private completed(e: ScanEvent): void {
    const session = this.session(e);
    if (session === undefined) return;
    this.sessions.delete(e.where!.session);
    if (session.failedTools.size === 0) return;
    const tools = [...session.failedTools.keys()];
    this.found.push(
      this.ctx.finding('ignored-tool-error', 'warning', {
        message: `${session.label} completed although ${tools.join(', ')} failed and ${tools.length === 1 ? 'was' : 'were'} not called again successfully`,
        stepPath: session.stepPath,
        sequences: [...[...session.failedTools.values()].flat(), e.sequence],
        hint: 'The agent went on without the tool\'s result: check that its answer does not rely on what the failed call should have returned.',
      }),
    );
  }

  private failed(e: ScanEvent): void {
    const session = this.session(e);
    if (session === undefined) return;
    this.sessions.delete(e.where!.session);
    const error = objectField(e.payload, 'error');
    const text = `${stringField(error, 'name') ?? ''}: ${stringField(error, 'message') ?? ''}`;
    const kind = TURN_LIMIT.test(text) ? 'turn-limit' : BUDGET_LIMIT.test(text) ? 'budget-limit' : null;
    if (kind === null) return;
    const cost = findingCost(session.calls);
    this.found.push(
      this.ctx.finding(kind, 'warning', {
        message: `${session.label} ended on its ${kind === 'turn-limit' ? 'turn limit' : 'budget'}: ${stringField(error, 'message') ?? text} (its model calls: ${usd(cost)})`,
        stepPath: session.stepPath,
        sequences: [session.started, e.sequence],
        costUsd: cost,
        hint: kind === 'turn-limit' ? 'An agent that uses every turn is usually looping: look for repeated tool calls in the session before raising the limit.' : 'The session spent its budget before finishing: look for repeated calls first, then size the budget to the task.',
      }),
    );
  }

  finish(out: ScanFinding[]): void {
    out.push(...this.found);
  }
}

/** `a session of step fetch`, `the planner session`, `the harness session`. */
export function sessionLabel(place: string, stepPath: string | null): string {
  if (stepPath !== null) return `a session of step ${stepPath}`;
  const role = place.replace(/^role:/, '').replace(/#\d+$/, '');
  return role === 'session' || role === 'run' ? 'the harness session' : `the ${role} session`;
}
