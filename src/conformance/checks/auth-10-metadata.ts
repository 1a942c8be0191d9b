import type { Check } from '../run/check.js';
import { SUCCESS, expectAnswer } from '../run/expect-answer.js';

/** The reading the metadata's fields rest on (docs/REQUIREMENTS.md). */
const FIELDS = 'AUTH-10.rfc8414-fields';

/** The RFC 8414 lists the reading names, each compared as a set: their order is free. */
const LISTS: ReadonlyArray<[string, readonly string[]]> = [
  ['response_types_supported', ['code']],
  ['grant_types_supported', ['authorization_code', 'refresh_token']],
  ['code_challenge_methods_supported', ['S256']],
];

const withoutSlash = (url: string) => url.replace(/\/+$/, '');
const isUrl = (value: unknown) => typeof value === 'string' && URL.canParse(value);

/** How a metadata body differs from the reading's fields; other fields are free. */
function fieldProblems(body: any, authUrl: string): string[] {
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    return ['is no JSON object'];
  const problems: string[] = [];
  if (typeof body.issuer !== 'string' || withoutSlash(body.issuer) !== withoutSlash(authUrl))
    problems.push(`issuer is ${JSON.stringify(body.issuer)}, not ${withoutSlash(authUrl)}`);
  for (const field of ['authorization_endpoint', 'token_endpoint'])
    if (!isUrl(body[field])) problems.push(`${field} is ${JSON.stringify(body[field])}, no URL`);
  for (const [field, wanted] of LISTS) {
    const seen: unknown = body[field];
    const same =
      Array.isArray(seen) &&
      seen.every((item) => wanted.includes(item)) &&
      wanted.every((item) => seen.includes(item));
    if (!same)
      problems.push(
        `${field} is ${JSON.stringify(seen)}, not ${JSON.stringify(wanted)} in any order`,
      );
  }
  if (!Array.isArray(body.token_endpoint_auth_methods_supported))
    problems.push('token_endpoint_auth_methods_supported is no list');
  return problems;
}

/**
 * AUTH-10: `GET {auth_url}/.well-known/oauth-authorization-server` exists (stated: any 2xx); its
 * body is not shown, so its RFC 8414 fields are the reading AUTH-10.rfc8414-fields. Extra fields
 * and any order of the lists pass.
 */
export const auth10Metadata: Check = {
  requirements: ['AUTH-10'],
  basis: 'stated',
  title: 'The metadata document exists; it names the endpoints, code, the two grants and S256',
  async run(context) {
    const name = 'GET /.well-known/oauth-authorization-server';
    const answer = await context.call({ path: '/.well-known/oauth-authorization-server' });
    if (!expectAnswer(context, name, answer, { status: SUCCESS })) return;
    const problems = fieldProblems(answer.body, context.profile.authUrl);
    if (problems.length)
      context.report({
        message: `${name}: the metadata ${problems.join('; ')}`,
        reading: FIELDS,
        expected: {
          issuer: withoutSlash(context.profile.authUrl),
          authorization_endpoint: 'a URL',
          token_endpoint: 'a URL',
          ...Object.fromEntries(LISTS),
          token_endpoint_auth_methods_supported: 'a list',
        },
        actual: answer.body,
        answer,
      });
  },
};
