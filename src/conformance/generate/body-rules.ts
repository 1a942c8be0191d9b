import type { ErrorObject } from 'ajv';
import { decodeBody, mediaTypeOf } from '../../http/http-io.js';
import type { LoadedDocument } from '../../validation/documents-by-version.js';
import { pointer } from '../../validation/document-validator.js';
import type { Profile } from '../profile/profile.js';
import type { RuleId } from './answer-rules.js';
import type { GeneratedCase } from './generated-case.js';
import type { GenerateTarget } from './generate-target.js';
import { type OpenScope, openValues } from './open-values.js';
import { isRecord } from '../../is-record.js';

/** A rule the body breaks, and how. */
export interface BodyBreak {
  rule: RuleId;
  why: string;
}

/** What the body of a request breaks, and why its validity is open where it is. */
export interface BodyJudgement {
  broken: BodyBreak[];
  open: string[];
}

export interface BodyScope extends OpenScope {
  loaded: LoadedDocument;
  profile: Profile;
  credential?: Profile['credentials'][number];
}

type Body = Record<string, unknown>;

/**
 * Fields whose refusal the specification names, by operation and field: the rule a missing field
 * breaks, and the rule a wrong one breaks (for the schema keywords listed, or any).
 */
const NAMED_FIELDS: ReadonlyArray<{
  operation: string;
  generation?: 'v0' | 'v1';
  field: string;
  missing?: RuleId;
  invalid?: RuleId;
  keywords?: readonly string[];
}> = [
  { operation: '/chat.postEphemeral', field: 'text', missing: 'missing-text' },
  { operation: '/chat.postEphemeral', field: 'chatId', invalid: 'not-a-uuid' },
  { operation: '/chat.postEphemeral', field: 'userId', invalid: 'not-a-uuid' },
  {
    operation: '/chat.postEphemeral',
    field: 'sender.name',
    invalid: 'sender-name-too-long',
    keywords: ['maxLength'],
  },
  { operation: '/chat.postEphemeral', field: 'sender.imageUrl', invalid: 'sender-image-not-http' },
  {
    operation: '/webhook.subscribe',
    generation: 'v0',
    field: 'url',
    invalid: 'url-too-long',
    keywords: ['maxLength'],
  },
  {
    operation: '/webhook.subscribe',
    generation: 'v1',
    field: 'filter',
    invalid: 'filter-rejected',
  },
];

/** Legacy avatar paths (Sender: "a legacy `/card-images/` or `/photos/people/` URL"). */
const LEGACY_AVATAR_PATHS = ['/card-images/', '/photos/people/'];

/**
 * The rules the body of `request` breaks and the open values it carries, for an operation with a
 * body sent with its own method: a required field missing or wrong, a `null` (open where the field
 * is optional), a field past its byte limit, a sender a personal token may not send or whose
 * avatar the service does not host (VER-12), a destination that is no HTTPS URL (SUB-03).
 */
export function bodyJudgement(
  request: GeneratedCase,
  target: GenerateTarget,
  scope: BodyScope,
): BodyJudgement {
  if (target.bodySchema === undefined) return { broken: [], open: [] };
  if (request.body === undefined) return missingBody(target);
  const mediaType = mediaTypeOf(request.headers['content-type']);
  if (mediaType !== target.mediaType)
    return {
      broken: [],
      open: [
        `the body is sent as ${mediaType ?? '(no content type)'}, not ${target.mediaType}: what an implementation does with another media type is not said`,
      ],
    };
  const decoded = decodeBody(Buffer.from(request.body, 'utf8'), mediaType)?.value;
  if (!isRecord(decoded))
    return { broken: [{ rule: 'bad-parameter', why: 'the body is not an object' }], open: [] };
  const found = schemaJudgement(decoded, target, scope.loaded);
  found.broken.push(...limitBreaks(target.bodySchema, decoded, []));
  found.broken.push(...senderBreaks(decoded, target, scope));
  const destination = destinationJudgement(decoded, target, scope.profile);
  return {
    broken: dedupe([...found.broken, ...destination.broken]),
    open: [...found.open, ...destination.open, ...openValues(target, decoded, scope)],
  };
}

/** No body at all: every required field is missing; where none is required, the answer is open. */
function missingBody(target: GenerateTarget): BodyJudgement {
  const required = ((target.bodySchema as { required?: string[] }).required ?? []).slice();
  if (required.length === 0)
    return { broken: [], open: ['no body, where the operation is not said to require a field'] };
  return {
    broken: required.map((field) => ({
      rule: namedRule(target, field, 'required')?.missing ?? 'bad-parameter',
      why: `no body: ${field} is missing`,
    })),
    open: [],
  };
}

/** The body against the operation's schema: each error as the rule it breaks, or an open `null`. */
function schemaJudgement(
  body: Body,
  target: GenerateTarget,
  loaded: LoadedDocument,
): BodyJudgement {
  const schemaPointer = pointer([
    'paths',
    target.entry.name,
    target.entry.method,
    'requestBody',
    'content',
    target.mediaType!,
    'schema',
  ]);
  const broken: BodyBreak[] = [];
  const open: string[] = [];
  for (const error of loaded.validator.validate(schemaPointer, body)) {
    const path = pathOf(error);
    const field = path.join('.') || 'the body';
    if (error.keyword === 'required') {
      broken.push({
        rule: namedRule(target, field, 'required')?.missing ?? 'bad-parameter',
        why: `${field} is missing`,
      });
      continue;
    }
    const value = valueAt(body, path);
    const named = namedRule(target, field, error.keyword);
    if (value === null && !isRequired(target.bodySchema, path)) {
      open.push(
        `null for the optional field ${field}: the request tables give types, not whether null stands for none`,
      );
      continue;
    }
    broken.push({ rule: named?.invalid ?? 'bad-parameter', why: `${field} ${error.message}` });
    // A null in a required field may be read as the field left out.
    if (value === null)
      broken.push({
        rule: namedRule(target, field, 'required')?.missing ?? 'bad-parameter',
        why: `${field} is null`,
      });
  }
  return { broken, open };
}

/** EPH-03: a string past its byte limit (`x-max-bytes`), at any depth. */
function limitBreaks(schema: unknown, value: unknown, at: string[]): BodyBreak[] {
  if (!isRecord(schema) || !isRecord(value)) return [];
  const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
  return Object.entries(properties).flatMap(([name, property]) => {
    const field = Object.hasOwn(value, name) ? value[name] : undefined;
    const limit = property['x-max-bytes'];
    const over =
      typeof limit === 'number' &&
      typeof field === 'string' &&
      Buffer.byteLength(field, 'utf8') > limit;
    const here = [...at, name];
    return [
      ...(over
        ? [{ rule: 'text-too-long' as const, why: `${here.join('.')} is over ${limit} bytes` }]
        : []),
      ...limitBreaks(property, field, here),
    ];
  });
}

/** AUTH-11: no `sender` with a personal token; VER-12: a sender avatar the service hosts. */
function senderBreaks(body: Body, target: GenerateTarget, scope: BodyScope): BodyBreak[] {
  const { sender } = body;
  if (!isRecord(sender)) return [];
  const access = target.entry.operation['x-access'] as string[] | undefined;
  const broken: BodyBreak[] = [];
  if (access?.includes('personal') && scope.credential?.access === 'personal')
    broken.push({ rule: 'sender-with-personal-token', why: 'a personal token sent sender' });
  const gated = target.entry.operation['x-avatar-url'] === 'service-hosted';
  const url = typeof sender.imageUrl === 'string' ? parsed(sender.imageUrl) : undefined;
  if (gated && url && /^https?:$/.test(url.protocol) && !isHosted(url, scope.profile))
    broken.push({
      rule: 'avatar-not-hosted',
      why: `sender.imageUrl ${url.origin} is not a service-hosted avatar`,
    });
  return broken;
}

/**
 * Whether the service hosts the avatar: on one of its avatar hosts (its API host where the profile
 * names none, reading VER-12.legacy-avatar-host), or on a legacy path, whose host the
 * specification does not give.
 */
function isHosted(url: URL, profile: Profile): boolean {
  const hosts = profile.avatarHosts ?? [new URL(profile.baseUrl).origin];
  return hosts.includes(url.origin) || LEGACY_AVATAR_PATHS.some((p) => url.pathname.startsWith(p));
}

/**
 * SUB-03: a subscription's destination is an HTTPS URL; plain HTTP only where the profile accepts
 * it (`plainHttpDestinations`), and open where which hosts a local environment accepts is its own.
 */
function destinationJudgement(body: Body, target: GenerateTarget, profile: Profile): BodyJudgement {
  if (target.entry.name !== '/webhook.subscribe' || typeof body.url !== 'string')
    return { broken: [], open: [] };
  const url = parsed(body.url);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:'))
    return { broken: [{ rule: 'destination-refused', why: 'url is no HTTP(S) URL' }], open: [] };
  if (url.protocol === 'https:' || profile.plainHttpDestinations === 'any')
    return { broken: [], open: [] };
  if (profile.plainHttpDestinations === 'none')
    return {
      broken: [
        { rule: 'destination-refused', why: 'url is plain HTTP, which the profile refuses' },
      ],
      open: [],
    };
  return {
    broken: [],
    open: [
      `url is plain HTTP to ${url.host}: which hosts a local environment accepts is the implementation's own (SUB-03)`,
    ],
  };
}

/** The entry of NAMED_FIELDS for `field` of the target broken by `keyword`, if any. */
function namedRule(target: GenerateTarget, field: string, keyword: string) {
  return NAMED_FIELDS.find(
    (n) =>
      n.operation === target.entry.name &&
      (n.generation === undefined || n.generation === target.generation) &&
      (field === n.field || field.startsWith(`${n.field}.`)) &&
      (n.keywords === undefined || n.keywords.includes(keyword)),
  );
}

/** The field an error is about, as keys from the body's root (the missing one for `required`). */
function pathOf(error: ErrorObject): string[] {
  const keys = error.instancePath
    .split('/')
    .slice(1)
    .map((k) => k.replaceAll('~1', '/').replaceAll('~0', '~'));
  const params = error.params as { missingProperty?: string; additionalProperty?: string };
  const extra = params.missingProperty ?? params.additionalProperty;
  return extra === undefined ? keys : [...keys, extra];
}

function valueAt(body: unknown, path: readonly string[]): unknown {
  let value = body;
  for (const key of path) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return undefined;
    value = (value as Body)[key];
  }
  return value;
}

/** Whether the schema requires the field at `path` (every object on the way being present). */
function isRequired(schema: unknown, path: readonly string[]): boolean {
  let node = schema;
  for (const [index, key] of path.entries()) {
    if (!isRecord(node)) return false;
    if (index === path.length - 1)
      return Array.isArray(node.required) && node.required.includes(key);
    node = isRecord(node.properties) ? node.properties[key] : node.items;
  }
  return false;
}

function dedupe(broken: BodyBreak[]): BodyBreak[] {
  const seen = new Set<string>();
  return broken.filter(({ rule, why }) => {
    const key = `${rule} ${why}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function parsed(url: string): URL | undefined {
  return URL.canParse(url) ? new URL(url) : undefined;
}
