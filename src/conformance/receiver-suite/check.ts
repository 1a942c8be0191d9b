import type { Skip } from '../run/check.js';
import type { ReceiverContext } from './context.js';

/**
 * One rule a webhook receiver must keep, registered under its id in `checks/index.ts`. `basis`
 * says whether the specification states what a receiver must do (`stated`) or only implies it (`implied`:
 * the description says from what). A check reports through its context, like a server check.
 */
export interface ReceiverCheck {
  requirements: string[];
  title: string;
  basis: 'stated' | 'implied';
  description: string;
  /**
   * A reading the specification does not state at all: the check is not in the default set, runs only when
   * `--only` names its id, and its findings are warnings, never failures (the description says so).
   */
  optIn?: true;
  run(context: ReceiverContext): Promise<void | Skip>;
}

export type RegisteredReceiverCheck = readonly [id: string, check: ReceiverCheck];
