// OAuth as the conformance checks drive it: the profile's clients, and a flow that stops with what came.
import * as oauth from 'oauth4webapi';
import type { HttpAnswer } from '../../http-answer.js';
import type { Skip } from '../run/check.js';
import type { CheckContext } from '../run/context.js';
import type { Profile } from '../profile/profile.js';

export type OAuthClient = Profile['oauthClients'][number];

/**
 * The reading the OAuth refusals' statuses and codes rest on: RFC 6749's, which the specification
 * does not show (Authentication 14: "Error body shape of the token endpoint: not shown").
 */
export const OAUTH_ERROR_CODES = 'AUTH.oauth-error-codes';

/**
 * A PKCE verifier and its `S256` challenge (RFC 7636), as the toolkit's OAuth helpers make them.
 */
export async function pkcePair(): Promise<{ verifier: string; challenge: string }> {
  const verifier = oauth.generateRandomCodeVerifier();
  return { verifier, challenge: await oauth.calculatePKCECodeChallenge(verifier) };
}

/** The profile's public or confidential client, or why the check cannot run. */
export function oauthClient(
  { profile }: CheckContext,
  kind: 'public' | 'confidential',
): OAuthClient | Skip {
  const client = profile.oauthClients.find((c) => (kind === 'public') === (c.secret === undefined));
  return client ?? { skip: 'not_testable', reason: `the profile has no ${kind} OAuth client` };
}

/**
 * A step of a flow that did not give what the rest of a check needs (a code, tokens): the check
 * stops there, and `runFlow` reports it with the answer that came.
 */
export class FlowStopped extends Error {
  constructor(
    message: string,
    readonly answer?: HttpAnswer,
  ) {
    super(message);
  }
}

/**
 * Runs a check's flow; where a step stops it, reports what came instead of throwing. A check
 * resting on a reading says it could not test it instead (`untestable`): that the flow itself
 * works is stated, and judged by the checks that rest on no reading.
 */
export async function runFlow(
  context: CheckContext,
  flow: () => Promise<void>,
  { untestable = false } = {},
): Promise<void | Skip> {
  try {
    await flow();
  } catch (error) {
    if (!(error instanceof FlowStopped)) throw error;
    if (untestable) return { skip: 'not_testable', reason: error.message };
    context.report({ message: error.message, ...(error.answer ? { answer: error.answer } : {}) });
  }
}
