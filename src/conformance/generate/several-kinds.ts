import fc from 'fast-check';
import {
  type Builder,
  type Credential,
  type Kinds,
  VISIBLE,
  malformedVersion,
  otherMethods,
} from './case-builder.js';
import type { GeneratedCase } from './generated-case.js';
import { type GenerateTarget, isDestructive } from './generate-target.js';

/** One way to break a rule, applied to a finished request; at most one touches the credential. */
interface Breaker {
  name: string;
  credential?: true;
  apply: (request: GeneratedCase, draws: Draws) => GeneratedCase;
}

interface Draws {
  token: string;
  version: string;
  method: string;
  revoked?: Credential;
}

/**
 * Requests that break two rules at once (no credential and a malformed version, a method the path
 * lacks and no body, ...): any of their answers is right, whatever order an implementation judges
 * them in. A destructive operation gets only pairs with a credential that must be refused.
 */
export function severalKinds({ target, scope, body, pick, finish, method, path }: Builder): Kinds {
  const { allowed, live, revoked } = target;
  const anyCredential = allowed.length ? allowed : live;
  const breakers = breakersOf(target, revoked.length > 0);
  const pairs = breakers.flatMap((first, i) =>
    breakers
      .slice(i + 1)
      .filter((second) => !(first.credential && second.credential))
      .map((second): [Breaker, Breaker] => [first, second]),
  );
  const usable = isDestructive(target)
    ? pairs.filter(([first, second]) => first.credential || second.credential)
    : pairs;
  if (!usable.length || !anyCredential.length) return [];
  const others = otherMethods(target);
  const draws: fc.Arbitrary<Draws> = fc.record({
    token: fc.string({ unit: VISIBLE, minLength: 1, maxLength: 24 }),
    version: malformedVersion(scope.versions),
    method: others.length ? fc.constantFrom(...others) : fc.constant(method),
    revoked: revoked.length ? pick(revoked) : fc.constant(undefined),
  });
  return [
    [
      'several',
      fc
        .tuple(pick(anyCredential), body, fc.constantFrom(...usable), draws)
        .map(([c, b, [first, second], drawn]) => {
          const request = finish(c, {
            kind: 'several',
            method,
            path,
            ...(b === undefined ? {} : { body: b }),
            change: `${first.name} and ${second.name}`,
          });
          return second.apply(first.apply(request, drawn), drawn);
        }),
    ],
  ];
}

/** The rules a request to `target` can be made to break, each as a change to a finished one. */
function breakersOf(target: GenerateTarget, hasRevoked: boolean): Breaker[] {
  const header = (request: GeneratedCase, name: string, value?: string): GeneratedCase => {
    const { [name]: _, ...headers } = request.headers;
    return { ...request, headers: value === undefined ? headers : { ...headers, [name]: value } };
  };
  const breakers: Breaker[] = [
    { name: 'no credential', credential: true, apply: (r) => header(r, 'authorization') },
    {
      name: 'an unknown credential',
      credential: true,
      apply: (r, { token }) => header(r, 'authorization', `Bearer unknown-${token}`),
    },
  ];
  if (hasRevoked)
    breakers.push({
      name: 'a revoked credential',
      credential: true,
      apply: (r, { revoked }) => header(r, 'authorization', `Bearer ${revoked!.token}`),
    });
  if (target.generation === 'v1')
    breakers.push({
      name: 'a malformed Service-Version',
      apply: (r, { version }) => header(r, 'service-version', version),
    });
  const withoutBody = (r: GeneratedCase): GeneratedCase => {
    const { body: _, ...rest } = header(r, 'content-type');
    return rest;
  };
  // A GET carries no body (fetch refuses one).
  if (otherMethods(target).length)
    breakers.push({
      name: 'a method the path lacks',
      apply: (r, { method }) => ({ ...(method === 'GET' ? withoutBody(r) : r), method }),
    });
  if (target.bodySchema !== undefined) breakers.push({ name: 'no body', apply: withoutBody });
  return breakers;
}
