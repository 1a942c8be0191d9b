import { randomUUID } from 'node:crypto';
import type { Check } from '../run/check.js';
import type { CheckContext } from '../run/context.js';
import { expectAnswer } from '../run/expect-answer.js';
import type { Profile } from '../profile/profile.js';

type Credential = Profile['credentials'][number];

/** An event no other check emits, so a subscription made here is delivered nothing meanwhile. */
const EVENT = 'onair.guest.rsvp';

/**
 * v0 subscribe's refusals of a credential that may not subscribe: the specification lists 400 and 401 (for
 * invalid credentials) and gives no status for a valid credential of the wrong access model or
 * scope, for which 403 is as reasonable; no code is given for any of them.
 */
export const V0_ACCESS_REFUSALS = [400, 401, 403];
/** v0 unsubscribe's: those, and 404, which the id being another's may also be. */
const UNSUBSCRIBE_REFUSALS = [...V0_ACCESS_REFUSALS, 404];

/**
 * SUB-06: v0 subscribe and unsubscribe are organization-only and need `webhook:write`. Which of its
 * refusals an operation gives is not said, so any it lists passes. An unknown id is refused by
 * unsubscribe whether or not the credential was checked, so the refused unsubscribe is of a
 * subscription an allowed credential made, which must still be there after (its unsubscribe then
 * answers 204, not 404).
 */
export const sub06V0OrganizationOnly: Check = {
  requirements: ['SUB-06'],
  basis: 'stated',
  title: 'v0 subscriptions need an organization credential with webhook:write',
  async run(context) {
    const live = context.profile.credentials.filter((c) => !c.revoked);
    const refused: Array<[string, Credential | undefined]> = [
      ['a personal token', live.find((c) => c.access === 'personal')],
      [
        'an organization credential without webhook:write',
        live.find((c) => c.access === 'organization' && !c.scopes.includes('webhook:write')),
      ],
    ];
    const writer = live.find(
      (c) => c.access === 'organization' && c.scopes.includes('webhook:write'),
    );
    let ran = false;
    for (const [who, credential] of refused) {
      if (!credential) continue;
      ran = true;
      await subscribeRefused(context, who, credential.token, writer?.token);
      if (writer) await unsubscribeRefused(context, who, credential.token, writer.token);
      else
        context.note(
          `unsubscribe with ${who} went untested: no credential may make a subscription to remove`,
        );
    }
    if (!ran)
      return {
        skip: 'not_testable',
        reason:
          'the profile has neither a personal token nor an organization credential without webhook:write',
      };
  },
};

const destination = () => `https://conformance.example.com/sub-06/${randomUUID()}`;

function subscribe(context: CheckContext, token: string, url: string) {
  return context.call({
    path: '/v0/webhook.subscribe',
    method: 'POST',
    token,
    json: { event: EVENT, url },
  });
}

function unsubscribe(context: CheckContext, token: string, id: string) {
  return context.call({ path: '/v0/webhook.unsubscribe', method: 'POST', token, form: { id } });
}

async function subscribeRefused(
  context: CheckContext,
  who: string,
  token: string,
  writer?: string,
) {
  const answer = await subscribe(context, token, destination());
  const name = `subscribe with ${who}`;
  if (expectAnswer(context, name, answer, { status: V0_ACCESS_REFUSALS })) return;
  // Accepted all the same: what it made is removed.
  if (writer && typeof answer.body?.id === 'string')
    await unsubscribe(context, writer, answer.body.id);
}

async function unsubscribeRefused(
  context: CheckContext,
  who: string,
  token: string,
  writer: string,
) {
  const made = await subscribe(context, writer, destination());
  const id = made.body?.id;
  if (typeof id !== 'string') {
    context.note(
      `unsubscribe with ${who} went untested: v0 subscribe answered ${made.status} without an id`,
    );
    return;
  }
  const answer = await unsubscribe(context, token, id);
  const name = `unsubscribe of ${id} with ${who}`;
  expectAnswer(context, name, answer, { status: UNSUBSCRIBE_REFUSALS });
  const after = await unsubscribe(context, writer, id);
  if (after.status === 404)
    context.report({
      message: `${name} removed it: unsubscribing it after with webhook:write answered 404`,
      expected: 'the subscription kept',
      actual: { status: answer.status, body: answer.body },
      answer,
    });
}
