/**
 * Heads before later stages, in the run-detail worker. A run's head (what the overview and time
 * travel's banner show) folds in slices, but the stages that follow an earlier build (its lists
 * and its tail checkpoint: about a second each at 200,000 events) run without yielding. A move
 * asked right after the overview used to wait behind both of them; so a later stage starts only
 * once no run's head is being built (`idle`): a head asked meanwhile waits for the stage under way at most.
 */

/** The heads being built, and the later stages waiting for none to be. */
export class HeadsFirst {
  private building = 0;
  private readonly waiting: Array<() => void> = [];

  /** A head is being built (until `done`). */
  begin(): void {
    this.building += 1;
  }

  /** That head is answered: once none is left, the waiting stages go on, oldest first. */
  done(): void {
    this.building = Math.max(0, this.building - 1);
    if (this.building === 0) for (const go of this.waiting.splice(0)) go();
  }

  /**
   * Resolves once no head is being built, after one turn of the event loop at least: a request
   * that came during the last stage is only taken in (and its head begun) at a turn.
   */
  async idle(): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    if (this.building > 0) await new Promise<void>((resolve) => this.waiting.push(resolve));
  }
}
