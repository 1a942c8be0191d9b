import type { Check } from '../run/check.js';
import { loadVersionRegistry } from '../../versions.js';
import type { CallInput, CheckContext } from '../run/context.js';
import { needCredential } from '../run/needs.js';
import { VALID_REQUESTS } from '../run/valid-requests.js';
import { lifecycleOf } from '../profile/profile-facts.js';
import { listVersions } from '../../versions.js';

/**
 * The versioned operations asked, one of each kind (a read, a write, a post, token info).
 * token.revoke is left out: an implementation that took the version would end the profile's
 * credential.
 */
const ASKED_OPERATIONS = new Set([
  'v1 get /webhook.list',
  'v1 post /webhook.subscribe',
  'v1 post /chat.postEphemeral',
  'v1 get /token.info',
]);
const ASKED = VALID_REQUESTS.filter(({ operation }) => ASKED_OPERATIONS.has(operation));

/**
 * VER-04: an unknown or malformed version gives 400 whose body "lists supported versions". Under
 * which field, or in which form, is not said (`supportedVersions` is this contract's name), so
 * every supported version only has to be in the body somewhere: those the profile does not declare
 * sunset, or, where it declares no lifecycle, the one under test. It holds for "any versioned REST
 * call", so every versioned operation the profile implements is asked.
 */
export const ver04UnsupportedVersion: Check = {
  requirements: ['VER-04'],
  basis: 'stated',
  title: 'An unsupported Service-Version gives 400 with the supported list',
  async run(context) {
    const supported = supportedVersions(context);
    // A date past every version the registry knows, and a word that is no date.
    const unknownDate = `${Number(loadVersionRegistry().latest.slice(0, 4)) + 5}-01-01`;
    let asked = 0;
    for (const { operation, need, request } of ASKED) {
      if (!context.profile.implements.includes(operation)) continue;
      const credential = needCredential(context, { pin: context.version, ...need });
      if ('skip' in credential) {
        context.note(`${operation} was not asked: ${credential.reason}`);
        continue;
      }
      asked += 1;
      for (const version of [unknownDate, 'latest'])
        await askWith(
          context,
          { ...request(context, 'ver-04'), token: credential.token, version },
          supported,
        );
    }
    if (asked === 0)
      return {
        skip: 'not_testable',
        reason: 'the profile has no credential for any versioned operation it implements',
      };
  },
};

/** Sends `input` with its unsupported version: 400 listing every supported version is the rule. */
async function askWith(context: CheckContext, input: CallInput, supported: string[]) {
  const answer = await context.call(input);
  const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? '');
  const missing = supported.filter((v) => !text.includes(v));
  if (answer.status === 400 && missing.length === 0) return;
  context.report({
    message: `${input.method ?? 'GET'} ${input.path} with Service-Version "${input.version}" gave ${answer.status}${missing.length ? ` with a body that does not list ${missing.join(', ')}` : ''}`,
    expected: `400 listing ${supported.join(', ')}`,
    actual: { status: answer.status, body: answer.body },
    answer,
  });
}

/** The versions the implementation supports, as its profile declares them (VER-05's lifecycle). */
function supportedVersions({ profile, version }: CheckContext): string[] {
  if (!profile.lifecycle) return [version];
  return listVersions().filter((v) => lifecycleOf(profile, v) !== 'sunset');
}
