import type { Profile } from '../../src/conformance/profile/profile.ts';
import type { FaultHooks } from './fault-injection.ts';
import { DECLARED_SHAPE_VARIATIONS } from './variations/declared-shapes.ts';
import { DELIVERY_VARIATIONS } from './variations/deliveries.ts';
import { MEMBERSHIP_VARIATIONS } from './variations/membership.ts';
import { OAUTH_VARIATIONS } from './variations/oauth.ts';
import { ERROR_VARIATIONS } from './variations/errors.ts';
import { FIXTURE_VARIATIONS } from './variations/fixtures.ts';
import { GENERATED_VARIATIONS } from './variations/generated.ts';
import { SUBSCRIPTION_VARIATIONS } from './variations/subscriptions.ts';
import { VERSION_VARIATIONS } from './variations/versions.ts';

/**
 * One choice the specification leaves open, made otherwise than the reference server makes it,
 * injected the way faults are (fault-injection.ts). The suite must pass it: no check fails, none
 * is newly not testable, and the only warnings are those of the readings it departs from.
 */
export interface Variation {
  id: string;
  /** The choice, and where the specification leaves it open. */
  choice: string;
  /** The rules whose checks the choice could sway: those checks run at every version against it. */
  requirements: string[];
  hooks?: () => FaultHooks;
  /** What the implementation says of its choice in its profile. */
  declare?: (profile: Profile) => Profile;
  /**
   * Readings of docs/REQUIREMENTS.md the choice departs from: its profile does not opt into them,
   * and the checks resting on them may only warn.
   */
  departsFrom?: string[];
  /** The generated requests are sent to it too. */
  generate?: boolean;
  /** Kept out of the server that makes every choice at once: it excludes another choice. */
  alone?: boolean;
}

/**
 * The catalogue of allowed variations, the fault catalogue's mirror: the faults show the suite
 * can fail an implementation (sensitivity), these that it passes every reasonable one
 * (specificity). test/conformance/variations.test.ts runs them and prints the count.
 */
export const VARIATIONS: Variation[] = [
  ...SUBSCRIPTION_VARIATIONS,
  ...OAUTH_VARIATIONS,
  ...DELIVERY_VARIATIONS,
  ...MEMBERSHIP_VARIATIONS,
  ...ERROR_VARIATIONS,
  ...VERSION_VARIATIONS,
  ...DECLARED_SHAPE_VARIATIONS,
  ...FIXTURE_VARIATIONS,
  ...GENERATED_VARIATIONS,
];
