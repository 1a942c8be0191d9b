import { TransportError } from './transport-error.js';
import { describeTransportFailure, transportFailureText } from './transport-failure.js';

/**
 * Why a check threw: a request that failed names its cause and what it means (a reset, a timeout,
 * a refused connection), so a busy runner can be told from a broken implementation. The suite's
 * own requests say it whole (TransportError); a fetch error (`fetch failed`) by its `cause`.
 */
export function couldNotFinish(error: unknown): string {
  if (error instanceof TransportError) return error.message;
  if (!(error instanceof Error)) return String(error);
  if (error.cause === undefined) return error.message || String(error);
  return transportFailureText(describeTransportFailure(error));
}
