import { randomUUID } from 'node:crypto';
import type { Check } from '../run/check.js';
import type { CheckContext } from '../run/context.js';
import { CLIENT_ERROR, expectAnswer } from '../run/expect-answer.js';
import { findSubscription } from '../reach/find-subscription.js';
import { CHAT_SCOPES, OPEN_CHATS, describePost, noPost, openPost, postCall } from '../run/needs.js';
import type { Profile } from '../profile/profile.js';

type Credential = Profile['credentials'][number];

/** An event no other check emits, so a subscription made here is delivered nothing meanwhile. */
const EVENT = 'onair.guest.added';

/**
 * AUTH-13: each endpoint refuses a credential without its scope, with the status the
 * specification gives where it gives one: v1 list 401 ("invalid credentials or missing
 * `webhook:read`"), postEphemeral 403 ("missing scope"); no code is given for either. v1 subscribe
 * and unsubscribe show no answers, so any 4xx refuses, and a refused unsubscribe must leave the
 * subscription in the list: an unknown id would be refused whether or not the scope was checked.
 */
export const auth13Scopes: Check = {
  requirements: ['AUTH-13'],
  basis: 'stated',
  title: 'A credential without the endpoint scope is refused',
  async run(context) {
    const ran = [
      await listWithoutRead(context),
      await postWithoutChatScope(context),
      await postWithEachChatScope(context),
      await subscribeWithoutWrite(context),
      await unsubscribeWithoutWrite(context),
    ];
    if (ran.some(Boolean)) return;
    return {
      skip: 'not_testable',
      reason:
        'the profile has no organization credential without one of webhook:read, chat:write and chat:send_message, webhook:write, or the operations are not implemented',
    };
  },
};

/** A live organization credential that has none of `scopes`, and every one of `holding`. */
function lacking(
  { profile }: CheckContext,
  scopes: readonly string[],
  holding: readonly string[] = [],
): Credential | undefined {
  return profile.credentials.find(
    (c) =>
      !c.revoked &&
      c.access === 'organization' &&
      !scopes.some((s) => c.scopes.includes(s)) &&
      holding.every((s) => c.scopes.includes(s)),
  );
}

/** A live organization credential of `app` with every one of `scopes`. */
function having({ profile }: CheckContext, app: string | undefined, scopes: readonly string[]) {
  return profile.credentials.find(
    (c) =>
      !c.revoked &&
      c.access === 'organization' &&
      c.app === app &&
      scopes.every((s) => c.scopes.includes(s)),
  );
}

const implemented = ({ profile }: CheckContext, ...operations: string[]) =>
  operations.every((o) => profile.implements.includes(o));

async function listWithoutRead(context: CheckContext): Promise<boolean> {
  const token = lacking(context, ['webhook:read'])?.token;
  if (!token || !implemented(context, 'v1 get /webhook.list')) return false;
  const answer = await context.call({ path: '/v1/webhook.list', token, version: context.version });
  expectAnswer(context, 'v1 list without webhook:read', answer, { status: 401 });
  return true;
}

async function postWithoutChatScope(context: CheckContext): Promise<boolean> {
  const token = lacking(context, CHAT_SCOPES)?.token;
  if (!token || !implemented(context, 'v1 post /chat.postEphemeral')) return false;
  // A post that breaks no other rule, so the scope is all that can refuse it.
  const to = openPost(context.profile);
  if (!to) {
    context.note(
      `postEphemeral without a chat scope went untested: ${noPost(OPEN_CHATS, 'the app and a person as members')}`,
    );
    return false;
  }
  const answer = await context.call(postCall(token, context.version, to, 'no scope'));
  const name = `postEphemeral without chat:write or chat:send_message to ${describePost(context.profile, to)}`;
  expectAnswer(context, name, answer, { status: 403 });
  return true;
}

/**
 * "Scope: `chat:send_message` or `chat:write`": a post with an organization credential holding one
 * of them alone is taken, for each one the profile has such a credential for.
 */
async function postWithEachChatScope(context: CheckContext): Promise<boolean> {
  const to = openPost(context.profile);
  if (!to || !implemented(context, 'v1 post /chat.postEphemeral')) return false;
  let posted = false;
  for (const scope of CHAT_SCOPES) {
    const alone = lacking(
      context,
      CHAT_SCOPES.filter((s) => s !== scope),
      [scope],
    );
    if (!alone) {
      context.note(
        `postEphemeral with ${scope} alone went untested: the profile lists no organization credential with it and not the other chat scope`,
      );
      continue;
    }
    const answer = await context.call(postCall(alone.token, context.version, to, scope));
    const name = `postEphemeral with ${scope} alone to ${describePost(context.profile, to)}`;
    expectAnswer(context, name, answer, { status: 200 });
    posted = true;
  }
  return posted;
}

const destination = () => `https://conformance.example.com/scopes/${randomUUID()}`;

async function subscribeWithoutWrite(context: CheckContext): Promise<boolean> {
  const refused = lacking(context, ['webhook:write']);
  if (!refused || !implemented(context, 'v1 post /webhook.subscribe')) return false;
  const url = destination();
  const answer = await subscribe(context, refused.token, url);
  const name = 'v1 subscribe without webhook:write';
  const refusedIt = expectAnswer(context, name, answer, { status: CLIENT_ERROR });
  // Refused or not, the list must not hold what it made (where a credential of its app reads it);
  // what it made is removed, where a credential of its app may.
  const writer = having(context, refused.app, ['webhook:write']);
  const found = await findSubscription(context, { token: refused.token, event: EVENT, url });
  if (!('id' in found)) return true;
  if (refusedIt)
    context.report({
      message: `${name} was refused with ${answer.status}, yet the list shows the subscription it asked for`,
      expected: 'no subscription made',
      actual: found.entry,
      answer,
    });
  if (writer) await unsubscribe(context, writer.token, found.id);
  return true;
}

async function unsubscribeWithoutWrite(context: CheckContext): Promise<boolean> {
  const refused = lacking(context, ['webhook:write']);
  const ops = [
    'v1 post /webhook.subscribe',
    'v1 post /webhook.unsubscribe',
    'v1 get /webhook.list',
  ];
  if (!refused || !implemented(context, ...ops)) return false;
  const writer = having(context, refused.app, ['webhook:write', 'webhook:read']);
  if (!writer) {
    context.note(
      'v1 unsubscribe without webhook:write went untested: no credential of its app with webhook:write and webhook:read makes a subscription to remove',
    );
    return false;
  }
  const url = destination();
  const made = await subscribe(context, writer.token, url);
  const found = await findSubscription(context, { token: writer.token, event: EVENT, url });
  if (made.status >= 300 || !('id' in found)) {
    context.note(
      `v1 unsubscribe without webhook:write went untested: the subscription to remove was not made (subscribe answered ${made.status})`,
    );
    return false;
  }
  const answer = await unsubscribe(context, refused.token, found.id);
  const name = `v1 unsubscribe of ${found.id} without webhook:write`;
  expectAnswer(context, name, answer, { status: CLIENT_ERROR });
  const kept = await findSubscription(context, { token: writer.token, event: EVENT, url });
  if ('id' in kept) await unsubscribe(context, writer.token, kept.id);
  else if ('problem' in kept)
    context.report({
      message: `${name} removed it: ${kept.problem}`,
      expected: 'the subscription kept',
      actual: { status: answer.status, body: answer.body },
      answer,
    });
  return true;
}

function subscribe(context: CheckContext, token: string, url: string) {
  return context.call({
    path: '/v1/webhook.subscribe',
    method: 'POST',
    token,
    version: context.version,
    json: { event: EVENT, url },
  });
}

function unsubscribe(context: CheckContext, token: string, id: string) {
  return context.call({
    path: '/v1/webhook.unsubscribe',
    method: 'POST',
    token,
    version: context.version,
    json: { id },
  });
}
