/**
 * Where a harness event happened: its *place* (the step path it is stamped with, else the
 * planner/orchestrator role of the session it belongs to) and which session of that place (a
 * new attempt, a repair or a resume each open a new `harness.session.started`). The repeat
 * scanners count "in a row" within one session; the failure scanners count per place.
 */
import { objectField, stringField } from '../fold/payload-fields';

/** A place and the session of it an event belongs to. */
export type Where = { place: string; stepPath: string | null; session: string };

const RUN_PLACE = 'run';

export class ScanPlaces {
  /**
   * Per place: its sessions so far times two, plus one while the last is open. One map of small
   * integers (no object per place): a long run has a place per loop visit.
   */
  private readonly sessions = new Map<string, number>();
  /** Per place, the name of its latest session (`place#n`), made once per session rather than once per event. */
  private readonly names = new Map<string, string>();
  /** The latest session without a step path: planner and orchestrator events carry no stepPath after their start. */
  private currentRolePlace: string | null = null;

  /** The place of an event's payload. */
  whereOf(payload: unknown): Where {
    const scope = objectField(payload, 'scope');
    const stepPath = stringField(payload, 'stepPath') ?? stringField(scope, 'stepPath') ?? null;
    let place: string;
    if (stepPath !== null) place = `step:${stepPath}`;
    else {
      const role = stringField(scope, 'role');
      place = role !== undefined ? `role:${role}` : (this.currentRolePlace ?? RUN_PLACE);
    }
    return { place, stepPath, session: this.names.get(place) ?? `${place}#0` };
  }

  /**
   * A session started at `payload`'s place; `resumed` when the place's previous session never
   * ended (little-workflow starts a second session for the same scope only when it resumes one:
   * docs/little-workflow-format.md §5).
   */
  sessionStarted(payload: unknown): Where & { resumed: boolean } {
    const stepPath = stringField(payload, 'stepPath') ?? null;
    const role = stringField(payload, 'role');
    const place = stepPath !== null ? `step:${stepPath}` : `role:${role ?? 'session'}`;
    if (stepPath === null) this.currentRolePlace = place;
    const state = this.sessions.get(place) ?? 0;
    const resumed = (state & 1) === 1;
    const n = (state >> 1) + 1;
    this.sessions.set(place, n * 2 + 1);
    const session = `${place}#${n}`;
    this.names.set(place, session);
    return { place, stepPath, session, resumed };
  }

  /** The place's session ended (completed or failed). */
  sessionEnded(where: Where): void {
    const state = this.sessions.get(where.place);
    if (state !== undefined) this.sessions.set(where.place, state & ~1);
  }
}
