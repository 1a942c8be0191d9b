import type { Clock } from '../clock.js';
import type { Store } from '../store.js';

/** What the end of a delivery does to its subscription's health in the store. */
export interface HealthRecorder {
  /** HEALTH-02: an acknowledged delivery. */
  success(subscriptionId: string): void;
  /**
   * HEALTH-01, HEALTH-03: a failed delivery; a streak older than the window pauses the
   * subscription.
   */
  failure(subscriptionId: string): Promise<void>;
}

/**
 * Records outcomes at the clock's time; `streakMs` is the (scaled) streak that pauses (HEALTH-03).
 */
export function createHealthRecorder(
  store: Pick<Store, 'recordDeliverySuccess' | 'recordDeliveryFailure'>,
  clock: Clock,
  streakMs: number,
): HealthRecorder {
  return {
    success(subscriptionId) {
      store.recordDeliverySuccess(subscriptionId, Math.floor(clock.nowMicroseconds() / 1000));
    },
    async failure(subscriptionId) {
      const now = clock.nowMicroseconds() / 1000;
      await store.recordDeliveryFailure(
        subscriptionId,
        new Date(Math.floor(now)).toISOString(),
        new Date(now - streakMs).toISOString(),
      );
    },
  };
}
