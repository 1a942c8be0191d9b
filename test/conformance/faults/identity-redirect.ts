import type { Fault } from '../fault-catalogue.ts';

/** Faults of this family of rules; listed in FAULTS by fault-catalogue.ts. */
export const IDENTITY_REDIRECT_FAULTS: Fault[] = [];
