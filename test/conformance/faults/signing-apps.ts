import type { ReferenceToken } from '../../../src/reference/fixtures.ts';
import { signWebhook } from '../../../src/webhooks/sign.ts';
import type { Fault } from '../fault-catalogue.ts';
import type { FaultHooks, OutgoingAttempt } from '../fault-injection.ts';

/** The secret of an app the reference's OAuth clients do not belong to. */
const OTHER_APP_SECRET = `whsec_${Buffer.from('reference-app-other-signing-key!').toString('base64')}`;

/** `attempt` signed with another app's secret, over the same id, timestamp and body. */
function signedByAnotherApp(attempt: OutgoingAttempt): OutgoingAttempt {
  const id = attempt.headers['webhook-id']!;
  const timestamp = Number(attempt.headers['webhook-timestamp']);
  const signature = signWebhook({ secret: OTHER_APP_SECRET, id, timestamp, body: attempt.body });
  return { ...attempt, headers: { ...attempt.headers, ...signature } };
}

/** Deliveries to subscriptions a credential of `kind` made, signed with another app's secret. */
function signedForSubscriber(kind: ReferenceToken['kind']): FaultHooks {
  const made = new Set<string>();
  return {
    request: (r) => {
      const token = r.token as ReferenceToken | undefined;
      const url = (r.body as { url?: unknown } | undefined)?.url;
      if (r.path === '/webhook.subscribe' && token?.kind === kind) made.add(String(url));
      return r;
    },
    attempt: (a) => (made.has(a.url) ? signedByAnotherApp(a) : a),
  };
}

/**
 * Faults of which app's secret signs a subscription's deliveries (AUTH-12: one per app), and of
 * the secrets the workspace gives its apps.
 */
export const SIGNING_APP_FAULTS: Fault[] = [
  {
    // DLV-03: "Deliveries to OAuth apps are signed the same way as API key apps", yet a
    // subscription an OAuth grant made is delivered signed with another app's secret.
    id: 'oauth-deliveries-signed-by-another-app',
    requirement: 'DLV-03',
    hooks: () => signedForSubscriber('oauth_access_token'),
  },
  {
    // AUTH-12.personal-token-app: a subscription a personal access token made is delivered
    // signed with another app's secret, not its app's.
    id: 'personal-deliveries-signed-by-another-app',
    requirement: 'AUTH-12',
    hooks: () => signedForSubscriber('personal_access_token'),
  },
  {
    // AUTH-12.whsec-prefix: the app's signing secret lacks its `whsec_` prefix.
    id: 'signing-secret-without-prefix',
    requirement: 'AUTH-12',
    hooks: () => ({
      workspace: (w) => ({
        ...w,
        apps: Object.fromEntries(
          Object.entries(w.apps).map(([app, s]) => [
            app,
            { ...s, signingSecret: s.signingSecret.replace(/^whsec_/, '') },
          ]),
        ),
      }),
    }),
  },
  {
    // AUTH-12.distinct-from-client-secret: the confidential OAuth client's secret is the app's
    // signing secret.
    id: 'client-secret-is-the-signing-secret',
    requirement: 'AUTH-12',
    hooks: () => ({
      workspace: (w) => ({
        ...w,
        oauthClients: w.oauthClients.map((c) =>
          c.secret && c.app ? { ...c, secret: w.apps[c.app]!.signingSecret } : c,
        ),
      }),
    }),
  },
  {
    // DLV-03: v0 deliveries follow the same scheme, yet they are signed with another secret (an
    // attempt without Service-Version is a v0 one).
    id: 'v0-deliveries-signed-otherwise',
    requirement: 'DLV-03',
    hooks: () => ({
      attempt: (a) => (a.headers['service-version'] === undefined ? signedByAnotherApp(a) : a),
    }),
  },
];
