/**
 * `harness.execute_step.started` / `succeeded` spans, paired per step path.
 *
 * The workflow harness emits `started` again every time a step is resumed, and there is
 * no failed event, so a later `started` for the same step supersedes an open span rather
 * than nesting inside it.
 */
import type { EventEnvelope } from '../../events/envelope';
import { appended } from '../../math/appended';
import { copyArray, copyMap, made, owned } from '../copy-on-write';
import { field, numberField, stringField } from '../payload-fields';
import type { ExecuteStepItem } from './harness-types';

/**
 * Collects execute_step spans of one run. Read `items` and `unpaired`, never change them: every
 * change goes through the methods below, which copy a snapshot's first (copy-on-write.ts).
 */
export class ExecuteStepTracker {
  items: ExecuteStepItem[] = [];
  unpaired: number[] = [];
  private openByLane = new Map<string, number>();

  /** `harness.execute_step.started`. */
  started(event: EventEnvelope, lane: string, sessionId: number | undefined): ExecuteStepItem {
    const previous = this.openByLane.get(lane);
    if (previous !== undefined) this.itemToChange(previous).supersededBySequence = event.sequence;
    const item = this.create(event, lane, sessionId);
    item.startedSequence = event.sequence;
    item.startedAt = event.recordedAt;
    this.openSteps().set(lane, item.id);
    return item;
  }

  /** `harness.execute_step.succeeded`; `keepOutput` false (the lite view) never sets `output` (see ModelTurnTracker.called). */
  succeeded(event: EventEnvelope, lane: string, sessionId: number | undefined, keepOutput = true): ExecuteStepItem {
    const openId = this.openByLane.get(lane);
    let item: ExecuteStepItem;
    if (openId === undefined) {
      (this.unpaired = owned(this, this.unpaired, copyArray)).push(event.sequence);
      item = this.create(event, lane, sessionId);
    } else {
      item = this.itemToChange(openId);
      item.sequences = appended(item.sequences, event.sequence);
      this.openSteps().delete(lane);
    }
    item.status = 'succeeded';
    item.succeededSequence = event.sequence;
    item.succeededAt = event.recordedAt;
    if (keepOutput) item.output = field(event.payload, 'output');
    item.outputUndefined = field(event.payload, 'outputUndefined') === true;
    return item;
  }

  // The item `id`, the fork's own copy when it is a snapshot's.
  private itemToChange(id: number): ExecuteStepItem {
    const items = (this.items = owned(this, this.items, copyArray));
    return (items[id] = owned(this, items[id], (item) => ({ ...item, sequences: [...item.sequences] })));
  }

  private openSteps(): Map<string, number> {
    return (this.openByLane = owned(this, this.openByLane, copyMap));
  }

  private create(event: EventEnvelope, lane: string, sessionId: number | undefined): ExecuteStepItem {
    const payload = event.payload;
    const item: ExecuteStepItem = made(this, {
      id: this.items.length,
      stepPath: lane === '' ? undefined : lane,
      stepId: stringField(payload, 'stepId'),
      uses: stringField(payload, 'uses'),
      visitIndex: numberField(payload, 'visitIndex'),
      sessionId,
      outputUndefined: false,
      status: 'open',
      sequences: [event.sequence],
    });
    (this.items = owned(this, this.items, copyArray)).push(item);
    return item;
  }
}
