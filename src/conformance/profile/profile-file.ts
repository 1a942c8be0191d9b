import { readFile } from 'node:fs/promises';
import type { ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { listVersions } from '../../versions.js';
import { implementsProblems } from './implements.js';
import { PROFILE_FORMATS, type Profile } from './profile.js';
import { READINGS } from './readings.js';

const scale = { type: 'number', minimum: 1 };
const string = { type: 'string', minLength: 1 };

const strings = { type: 'array', items: string };

/**
 * Formats 1 to 3 as docs/conformance-profile.md describes them; unknown fields are allowed, for
 * later formats. Formats 2 and 3 must declare their static subscriptions, if only as an empty list.
 */
export const PROFILE_SCHEMA = {
  type: 'object',
  if: { properties: { format: { const: 'service-contract/profile@1' } } },
  else: { required: ['staticSubscriptions'] },
  required: [
    'format',
    'baseUrl',
    'authUrl',
    'credentials',
    'implements',
    'fixtures',
    'oauthClients',
    'consent',
    'signingSecret',
    'timeScale',
  ],
  properties: {
    format: { enum: PROFILE_FORMATS },
    baseUrl: { type: 'string', format: 'uri' },
    authUrl: { type: 'string', format: 'uri' },
    credentials: {
      type: 'array',
      items: {
        type: 'object',
        required: ['token', 'access', 'scopes', 'pin', 'revoked'],
        properties: {
          token: string,
          access: { enum: ['organization', 'personal'] },
          scopes: { type: 'array', items: { type: 'string' } },
          pin: { type: ['string', 'null'] },
          revoked: { type: 'boolean' },
          user: string,
          app: string,
        },
      },
    },
    implements: { type: 'array', items: { type: 'string' } },
    fixtures: {
      type: 'object',
      required: ['users', 'chats'],
      properties: {
        users: {
          type: 'object',
          required: ['member', 'otherMember', 'app', 'unknown'],
          additionalProperties: { type: 'string' },
        },
        chats: { type: 'object', additionalProperties: { type: 'string' } },
        members: { type: 'object', additionalProperties: strings },
        userGroup: string,
      },
    },
    oauthClients: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'redirectUris', 'scopes'],
        properties: {
          id: string,
          secret: string,
          redirectUris: { type: 'array', minItems: 1, items: { type: 'string' } },
          scopes: { type: 'array', items: { type: 'string' } },
          app: string,
        },
      },
    },
    consent: {
      type: 'object',
      required: ['query'],
      properties: { query: { type: 'object', additionalProperties: { type: 'string' } } },
    },
    signingSecret: string,
    signingSecrets: { type: 'object', additionalProperties: string },
    plainHttpDestinations: { enum: ['none', 'local', 'any'] },
    lifecycle: {
      type: 'object',
      additionalProperties: false,
      properties: { deprecated: strings, sunset: strings },
    },
    avatarHosts: strings,
    readings: strings,
    eventTrigger: { type: 'string', format: 'uri' },
    localDestinations: { type: 'boolean' },
    ephemeralStream: string,
    staticSubscriptions: {
      type: 'array',
      items: {
        type: 'object',
        required: ['event', 'url'],
        properties: { event: string, url: string },
      },
    },
    timeScale: {
      oneOf: [
        scale,
        {
          type: 'object',
          additionalProperties: false,
          properties: { retries: scale, debounce: scale, failStreak: scale },
        },
      ],
    },
  },
};

/** Every top-level field the schema knows, of any format (the documented example sets them). */
export const PROFILE_FIELDS: readonly string[] = Object.keys(PROFILE_SCHEMA.properties);

let compiled: ValidateFunction | undefined;

/**
 * The schema's validator, compiled when a profile is first read: a command that reads none pays
 * nothing. The schema is this file's own and a test checks it against the meta-schema, so ajv
 * skips that check here (compiling the meta-schema took 80 ms of every process that read one).
 */
function validator(): ValidateFunction {
  if (compiled) return compiled;
  const ajv = new Ajv2020({ allErrors: true, strict: false, validateSchema: false });
  // URLs are checked by the URL parser rather than ajv-formats, so a relative URL says why.
  ajv.addFormat('uri', { validate: (value: string) => URL.canParse(value) });
  compiled = ajv.compile(PROFILE_SCHEMA);
  return compiled;
}

/** Reads and checks a profile file: the profile, or every problem found, each saying where. */
export async function readProfile(
  path: string,
): Promise<{ profile: Profile } | { problems: string[] }> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    return {
      problems: [`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`],
    };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { problems: [`${path} is not JSON: ${(error as Error).message}`] };
  }
  const validate = validator();
  if (validate(value)) {
    const profile = value as unknown as Profile;
    const problems = declarationProblems(profile).map((p) => `${path}: ${p}`);
    return problems.length ? { problems } : { profile };
  }
  // An `if` error only says its `then` failed; that failure is reported on its own.
  return {
    problems: (validate.errors ?? [])
      .filter((e) => e.keyword !== 'if')
      .map((e) => `${path}: ${e.instancePath || '/'} ${e.message}${allowed(e.params)}`),
  };
}

/** The values a `const` or `enum` allows, to say what would be accepted. */
function allowed(params: Record<string, unknown> | undefined): string {
  if (params && 'allowedValue' in params) return ` (${String(params.allowedValue)})`;
  if (params && Array.isArray(params.allowedValues)) return ` (${params.allowedValues.join(', ')})`;
  return '';
}

/**
 * What the schema cannot say: `implements` names documented operations (a profile whose entries
 * match nothing would pass vacuously), the lifecycle names dated versions, the readings are ones
 * docs/REQUIREMENTS.md records.
 */
function declarationProblems(profile: Profile): string[] {
  const versions = listVersions();
  const { deprecated = [], sunset = [] } = profile.lifecycle ?? {};
  return [
    ...implementsProblems(profile.implements),
    ...[...deprecated, ...sunset]
      .filter((v) => !versions.includes(v))
      .map((v) => `lifecycle: "${v}" is no dated version (${versions.join(', ')})`),
    ...deprecated
      .filter((v) => sunset.includes(v))
      .map((v) => `lifecycle: "${v}" is both deprecated and sunset`),
    ...(profile.readings ?? [])
      .filter((r) => !READINGS.has(r))
      .map(
        (r) =>
          `readings: "${r}" is no reading of docs/REQUIREMENTS.md (${[...READINGS.keys()].join(', ')})`,
      ),
  ];
}
