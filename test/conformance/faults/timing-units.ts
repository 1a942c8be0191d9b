import type { Fault } from '../fault-catalogue.ts';

/** Faults of this family of rules; listed in FAULTS by fault-catalogue.ts. */
export const TIMING_UNIT_FAULTS: Fault[] = [];
