/**
 * A wait for an arrival or an outcome that its bound ended before the patience it was given had
 * passed in time the suite's own event loop ran: the loop stalled for most of it, so what did
 * not come may have come in time on a quieter machine. It says nothing of the implementation: the
 * runner measures the check again (Skip.rerun), and names this cause if the load never lifts.
 */
export class WaitCutShort extends Error {
  constructor(patienceMs: number, waitedMs: number, stalledMs: number) {
    super(
      `the suite's own process was too busy to wait: of ${seconds(waitedMs)} spent waiting for an arrival or an outcome, its event loop stalled ${seconds(stalledMs)} and ran only ${seconds(waitedMs - stalledMs)}, less than the ${seconds(patienceMs)} the implementation is given; run on a less busy machine`,
    );
    this.name = 'WaitCutShort';
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
