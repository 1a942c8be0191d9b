import { verifyWebhook } from '../../webhooks/verify.js';
import { FlowStopped, grantTokens } from '../oauth/index.js';
import { appSecret, signingSecretFor } from '../profile/profile-facts.js';
import type { Profile } from '../profile/profile.js';
import { type Subscriber, carries, nonce, undeliverable, withHooks } from '../reach/deliveries.js';
import { until } from '../timing/until.js';
import { SAMPLE_EVENTS } from '../reach/sample-events.js';
import type { Check, Skip } from '../run/check.js';
import type { CheckContext } from '../run/context.js';

/** One way of subscribing a check tries: who, the secret its app signs with, the rule it shows. */
interface Way {
  subscriber: Subscriber;
  secret: string;
  requirement: 'DLV-03' | 'AUTH-12';
}

/**
 * DLV-03, AUTH-12: a subscription made with an OAuth grant's access token is its client's app's,
 * one made with a personal access token is the token's app's, and each app's deliveries are
 * signed with its one secret, shared by all installs (Authentication 11: "every API key, OAuth
 * app and personal access token app receives one secret per app"; Delivery 3: "Deliveries to
 * OAuth apps are signed the same way as API key apps"). Which app each belongs to is the
 * profile's to say (`oauthClients[].app`, `credentials[].app`).
 */
export const dlv03SignatureByApp: Check = {
  requirements: ['DLV-03', 'AUTH-12'],
  basis: 'stated',
  title:
    "Deliveries to subscriptions made with an OAuth grant or a personal token verify with their app's secret",
  // Its own deliveries carry a marker: other emissions of the event may reach its hooks too.
  shared: ['v1 meeting.ended'],
  async run(context) {
    // Without a trigger or a reachable receiver, say that, as every delivery check does.
    const cannot = undeliverable(context);
    if (cannot) return cannot;
    const skips: string[] = [];
    for (const way of [oauthWay, personalWay]) {
      const found = await way(context);
      const skip = 'skip' in found ? found : await verifyWay(context, found);
      if (skip) skips.push(skip.reason);
    }
    if (skips.length === 2) return { skip: 'not_testable', reason: skips.join('; ') };
    for (const reason of skips) context.note(reason);
  },
};

/**
 * A grant of an OAuth client whose app the profile names and that may subscribe; a client whose
 * app signs otherwise than `signingSecret` first, where the two cases then differ.
 */
async function oauthWay(context: CheckContext): Promise<Way | Skip> {
  const { profile } = context;
  const named = profile.oauthClients.filter(
    (c) => c.app !== undefined && c.scopes.includes('webhook:write'),
  );
  const client = named.find((c) => appSecret(profile, c.app) !== profile.signingSecret) ?? named[0];
  if (!client)
    return untestable('the profile has no OAuth client with webhook:write that names its app');
  try {
    const tokens = await grantTokens(context, client);
    const scopes = tokens.scope?.split(' ') ?? client.scopes;
    const name = `a grant of OAuth client ${client.id} (app ${client.app})`;
    const subscriber = { token: tokens.access_token, scopes, app: client.app!, name };
    return { subscriber, secret: appSecret(profile, client.app), requirement: 'DLV-03' };
  } catch (error) {
    // The flow itself is judged by the AUTH checks; here it only gives a credential.
    if (error instanceof FlowStopped) return untestable(error.message);
    throw error;
  }
}

/** A personal access token of the profile that may subscribe. */
async function personalWay({ profile }: CheckContext): Promise<Way | Skip> {
  const pat = profile.credentials.find(
    (c) => c.kind === 'personal_access_token' && !c.revoked && c.scopes.includes('webhook:write'),
  );
  if (!pat) return untestable('the profile has no personal access token with webhook:write');
  const name = `personal access token of app ${pat.app ?? '(signingSecret)'}`;
  return {
    subscriber: {
      token: pat.token,
      scopes: pat.scopes,
      ...(pat.app ? { app: pat.app } : {}),
      name,
    },
    secret: signingSecretFor(profile, pat.token),
    requirement: 'AUTH-12',
  };
}

/**
 * Subscribes as `way` says, emits an event carrying a marker, and verifies its delivery with the
 * app's secret. A delivery that does not come is no finding here: the trigger's reach to other
 * apps' subscriptions is the profile's to show, and DLV-01 is judged elsewhere.
 */
async function verifyWay(context: CheckContext, way: Way): Promise<Skip | void> {
  const { subscriber, secret, requirement } = way;
  return withHooks(context, [{ event: 'meeting.ended', as: subscriber }], async ([hook]) => {
    const marker = nonce();
    await hook!.emit({ data: SAMPLE_EVENTS.meetingEnded(marker) });
    const mine = () => hook!.received.find((r) => carries(r, marker));
    if (!(await until(() => mine() !== undefined, 5000)))
      return untestable(`no delivery reached the subscription of ${subscriber.name} within 5 s`);
    const attempt = mine()!;
    const headers = attempt.headers as Record<string, string>;
    const verified = verifyWebhook({ secret, headers, body: attempt.body });
    if (verified.ok) return;
    const other = secretNamed(context.profile, headers, attempt.body);
    context.report({
      requirement,
      message: `the delivery to the subscription of ${subscriber.name} does not verify with its app's secret: ${verified.reason}${other ? `; it verifies with ${other}` : ''}`,
      expected: 'verified',
      actual: verified.reason,
    });
  });
}

/** Which other secret of the profile a delivery verifies with, if any, to say what went wrong. */
function secretNamed(profile: Profile, headers: Record<string, string>, body: string) {
  const named = [
    ['signingSecret', profile.signingSecret],
    ...Object.entries(profile.signingSecrets ?? {}).map(([app, s]) => [`app ${app}'s secret`, s]),
  ];
  return named.find(([, secret]) => verifyWebhook({ secret: secret!, headers, body }).ok)?.[0];
}

const untestable = (reason: string): Skip => ({ skip: 'not_testable', reason });
