import { declaredChanges } from '../../version-changes/instruction.js';
import { deliverEach } from '../reach/deliver-each.js';
import type { Check } from '../run/check.js';
import type { CheckContext } from '../run/context.js';
import { needCredential } from '../run/needs.js';
import { VALID_REQUESTS } from '../run/valid-requests.js';

const CHANGES = declaredChanges();
const PATHS = [...new Set(CHANGES.flatMap((c) => (c.path !== undefined ? [c.path] : [])))];
const EVENTS = [...new Set(CHANGES.flatMap((c) => (c.webhook !== undefined ? [c.webhook] : [])))];

/**
 * VER-01: a dated version is also the shape changes openapi/versions.yaml declares for it
 * (`instructions`: a field renamed, added or removed, enum values renamed). Every answer and every
 * delivery any check meets is held to them where it is judged (run/context.ts,
 * reach/delivery-findings.ts), under the requirement each change names; this check makes sure each
 * declared target is met at every version: the answer of each changed path, a delivery of each
 * changed event. A version after a change must show its form, and one before it the earlier
 * form; a renamed field sent under both names, or an added field sent early, is additive
 * (VER-07) and passes.
 */
export const ver01DeclaredShapes: Check = {
  requirements: ['VER-01', ...new Set(CHANGES.flatMap((change) => change.requirements))],
  basis: 'stated',
  title: 'Answers and payloads take the shape changes each version declares',
  shared: EVENTS.map((event) => `v1 ${event}`),
  async run(context) {
    if (!CHANGES.length)
      return { skip: 'not_applicable', reason: 'openapi/versions.yaml declares no shape change' };
    if (context.version === 'v0')
      return { skip: 'not_applicable', reason: 'v0 is outside the dated scheme (VER-06)' };
    for (const path of PATHS) await askPath(context, path);
    if (!EVENTS.length) return undefined;
    // Each delivery is judged when its hook closes, where every delivery is.
    return deliverEach(
      context,
      EVENTS.map((event) => ['v1', event] as const),
    );
  },
};

/** The answer of `path` at the version under test, judged where every answer is. */
async function askPath(context: CheckContext, path: string): Promise<void> {
  const valid = VALID_REQUESTS.find(
    ({ operation }) => operation.endsWith(` ${path}`) && operation.startsWith('v1 '),
  );
  if (!valid) return context.note(`${path} was not asked: the suite has no valid request of it`);
  if (!context.profile.implements.includes(valid.operation))
    return context.note(`${path} was not asked: ${valid.operation} is not implemented`);
  const credential = needCredential(context, { pin: context.version, ...valid.need });
  if ('skip' in credential) return context.note(`${path} was not asked: ${credential.reason}`);
  const request = valid.request(context, 'ver-01');
  const answer = await context.call({
    ...request,
    token: credential.token,
    version: context.version,
  });
  if (answer.status < 200 || answer.status > 299)
    context.note(`${path} answered ${answer.status}: no success whose shape to judge`);
}
