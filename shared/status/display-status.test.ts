import { describe, expect, it } from 'vitest';
import type { RunVerdict } from '../fold/crash/crash-types';
import { crashedVerdict, groupDisplayStatus, itemDisplayStatus, liveStopReason, openItemStatus, openWorkStatus, reportedStatus, runDisplayStatus, shownRunStatus } from './display-status';

const row = (status: 'pending' | 'running' | 'completed' | 'failed', crashed: boolean) => ({ status, crashed, verdict: crashed ? 'owner dead' : null, statusInferred: false });
const verdict = (kind: RunVerdict['kind'], inferred = false): RunVerdict => ({ kind, reason: `${kind} because`, inferred });

describe('display status', () => {
  it('a crashed run-list row is crashed whatever its folded status, else its folded status', () => {
    expect(runDisplayStatus(row('running', true))).toBe('crashed');
    expect(runDisplayStatus(row('pending', true))).toBe('crashed');
    expect(runDisplayStatus(row('running', false))).toBe('running');
    expect(runDisplayStatus(row('failed', false))).toBe('failed');
  });

  it('a group of runs is crashed when any crashed, else its latest run, else pending', () => {
    expect(groupDisplayStatus([row('completed', false), row('running', true)], row('completed', false))).toBe('crashed');
    expect(groupDisplayStatus([row('failed', false), row('completed', false)], row('completed', false))).toBe('completed');
    expect(groupDisplayStatus([], null)).toBe('pending');
  });

  it('a run that left the live feed says why: crashed, how it ended, or the completed/failed status', () => {
    const live = (phase: 'active' | 'ended' | 'crashed', status: 'running' | 'completed' | 'failed') => ({ phase, status });
    expect(liveStopReason(live('crashed', 'running'), 'stopped')).toBe('crashed');
    expect(liveStopReason(live('ended', 'running'), 'stopped')).toBe('stopped');
    expect(liveStopReason(live('ended', 'failed'), null)).toBe('failed');
    expect(liveStopReason(live('ended', 'completed'), null)).toBe('completed');
  });

  it('a run with a verdict shows the verdict (kind, reason, inferred), else the row', () => {
    expect(shownRunStatus(row('running', false), verdict('crashed'))).toEqual({ status: 'crashed', reason: 'crashed because', inferred: false });
    expect(shownRunStatus(row('running', false), verdict('completed', true))).toEqual({ status: 'completed', reason: 'completed because', inferred: true });
    expect(shownRunStatus(row('running', true), null)).toEqual({ status: 'crashed', reason: 'owner dead', inferred: false });
    expect(shownRunStatus({ ...row('completed', false), statusInferred: true })).toEqual({ status: 'completed', reason: null, inferred: true });
  });

  it('open work is crashed in a crashed run and running otherwise; finished work keeps its status', () => {
    expect(crashedVerdict(verdict('crashed'))).toBe(true);
    expect(crashedVerdict(verdict('running'))).toBe(false);
    expect(crashedVerdict(null)).toBe(false);
    expect(openWorkStatus(true)).toBe('crashed');
    expect(openWorkStatus(false)).toBe('running');
    expect(itemDisplayStatus('running', true)).toBe('crashed');
    expect(itemDisplayStatus('open', true)).toBe('crashed');
    expect(itemDisplayStatus('open', false)).toBe('running');
    expect(itemDisplayStatus('running', false)).toBe('running');
    expect(itemDisplayStatus('completed', true)).toBe('completed');
    expect(itemDisplayStatus('failed', true)).toBe('failed');
    expect(itemDisplayStatus('pending', true)).toBe('pending');
  });
});

describe('the shown status of the exports and the spans', () => {
  it('an item open in a crashed run shows as crashed; open elsewhere, or finished, keeps its own', () => {
    expect(openItemStatus('in-flight', 'in-flight', true)).toBe('crashed');
    expect(openItemStatus('in-flight', 'in-flight', false)).toBe('in-flight');
    expect(openItemStatus('responded', 'in-flight', true)).toBe('responded');
    expect(openItemStatus('running', 'running', true)).toBe('crashed');
  });

  it('a report shows crashed over the verdict, the verdict over the folded status', () => {
    expect(reportedStatus({ crashed: true, status: 'running', verdict: { kind: 'running' } })).toBe('crashed');
    expect(reportedStatus({ crashed: false, status: 'running', verdict: { kind: 'failed' } })).toBe('failed');
    expect(reportedStatus({ crashed: false, status: 'completed', verdict: null })).toBe('completed');
  });
});
