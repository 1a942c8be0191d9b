import type { Listed } from '../reach/find-subscription.js';
import type { Profile } from '../profile/profile.js';
import { sendCase } from './send-case.js';
import { readAnswerIn } from '../../version-changes/read-answer.js';

/**
 * The v1 list's entries as `reader` sees them at `version` (SUB-07), or what is wrong with its
 * answer: the one answer whose shape the specification gives, where the generated phase finds what
 * a v1 subscribe created.
 */
export async function listEntries(
  profile: Profile,
  reader: string,
  version: string,
): Promise<Listed[] | string> {
  // Read in the names before any declared shape change, as the checks read answers.
  const list = readAnswerIn(
    '/v1/webhook.list',
    version,
    await sendCase(profile.baseUrl, {
      kind: 'valid',
      method: 'GET',
      path: '/v1/webhook.list',
      headers: { authorization: `Bearer ${reader}`, 'service-version': version },
    }),
  );
  const entries: unknown = list.body?.webhooks;
  if (list.status !== 200 || !Array.isArray(entries))
    return `GET /v1/webhook.list answered ${list.status} without a webhooks array`;
  return entries.filter((e): e is Listed => e !== null && typeof e === 'object');
}
