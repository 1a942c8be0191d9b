import { toBase } from './apply.js';
import { isRecord } from '../is-record.js';

/**
 * A delivered payload read back in the names the code writes (before any declared change), from
 * what it says of itself: an envelope's `type` and `apiVersion` (VER-08, VER-14). Bare payloads
 * (v0 and the baseline) predate every declared change and are returned as they are. A copy where
 * anything changed.
 */
export function readPayload(payload: unknown): unknown {
  if (!isRecord(payload) || !isRecord(payload.data)) return payload;
  const { type, apiVersion, data } = payload;
  if (typeof type !== 'string' || typeof apiVersion !== 'string') return payload;
  const fields = toBase({ webhook: type }, apiVersion, data);
  return fields === data ? payload : { ...payload, data: fields };
}
