import { type DeclaredChange, targetKey } from '../../src/version-changes/instruction.ts';
import type { FaultHooks, OutgoingAttempt } from './fault-injection.ts';
import { resigned } from './faults/resigned.ts';
import { isRecord } from '../../src/is-record.ts';

type Fields = Record<string, unknown>;

/** A declared change as part of a fault's or a variation's id. */
export const declaredShapeName = (change: DeclaredChange): string =>
  `${change.version}-${change.kind}-${change.field}-of-${targetKey(change).replace(/[^A-Za-z0-9.]+/g, '-')}`;

/** The target's fields rewritten by `rewrite`: a v1 path's 2xx answer, or an event's enveloped `data`. */
export function rewriting(change: DeclaredChange, rewrite: (fields: Fields) => void): FaultHooks {
  if (change.path !== undefined)
    return {
      answer: (answer, exchange) => {
        if (exchange.path !== `/v1${change.path}` || answer.status > 299) return answer;
        if (!isRecord(answer.body)) return answer;
        const body = { ...answer.body };
        rewrite(body);
        return { ...answer, body };
      },
    };
  return {
    attempt: (a: OutgoingAttempt) => {
      const payload = JSON.parse(a.body);
      if (payload?.type !== change.webhook || !isRecord(payload.data)) return a;
      rewrite(payload.data);
      return resigned(a, { body: JSON.stringify(payload) });
    },
  };
}
