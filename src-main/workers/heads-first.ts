/**
 * Heads before later stages, in the run-detail worker. A run's head (what the overview and time
 * travel's banner show) folds in slices, but the stages that follow an earlier build (its lists
 * and its tail checkpoint: about a second each at 200,000 events) run without yielding. A move
 * asked right after the overview used to wait behind both of them; so a later stage starts only
 * once no run's head is being built (`idle`), and a head asked meanwhile waits for one slice at most.
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

  /** Resolves once no head is being built (at once when none is). */
  idle(): Promise<void> {
    return this.building === 0 ? Promise.resolve() : new Promise((resolve) => this.waiting.push(resolve));
  }
}
