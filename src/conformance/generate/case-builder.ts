import fc from 'fast-check';
import type { Profile } from '../profile/profile.js';
import type { Expectation } from './expected-answer.js';
import type { CaseKind, GeneratedCase } from './generated-case.js';
import type { GenerateTarget } from './generate-target.js';
import { type Hints, arbitraryOf } from './schema-arbitrary.js';
import { groupBy } from '../../group-by.js';
import { isRecord } from '../../is-record.js';

/** What the cases of one version draw on besides the operation. */
export interface CaseScope {
  version: string;
  /** The version a request without `Service-Version` and without a pin is served at (VER-02). */
  baseline: string;
  /** Every dated version the registry knows: a malformed `Service-Version` is none of them. */
  versions: readonly string[];
  profile: Profile;
  /** Values for fields of known names (the profile's chats and users, the document's events). */
  hints: Hints;
  /** What the specification says of a request (expected-answer.ts): its kind is named after it. */
  expectation: (request: GeneratedCase, target: GenerateTarget) => Expectation;
}

export type Credential = Profile['credentials'][number];
export type Draft = Omit<GeneratedCase, 'headers'> & { headers?: Record<string, string> };

export const JSON_TYPE = 'application/json';
/** How deep a field is made the wrong type: `sender.name`, not further. */
export const MAX_FIELD_DEPTH = 2;
/** Methods a client may send to any path: those the path lacks are refused, in ways the spec gives for postEphemeral alone. */
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
/** What an off-pattern `Service-Version` is made of: visible ASCII, as a header carries it. */
export const VISIBLE = fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c));

export type Kinds = Array<[CaseKind, fc.Arbitrary<GeneratedCase>]>;

/** What every kind of case is built with: its body, its credentials, how a draft is finished. */
export interface Builder {
  target: GenerateTarget;
  scope: CaseScope;
  method: string;
  path: string;
  body: fc.Arbitrary<string | undefined>;
  pick: (list: Credential[]) => fc.Arbitrary<Credential>;
  /** The request with the credential, the version (v1) and the content type filled in. */
  finish: (credential: Credential | undefined, draft: Draft) => GeneratedCase;
  plain: (kind: CaseKind, credential: Credential | undefined, body?: string) => GeneratedCase;
}

/** The builder of one operation's cases, for the version under test. */
export function builderOf(target: GenerateTarget, scope: CaseScope): Builder {
  const method = target.entry.method.toUpperCase();
  const { path } = target;
  const finish = (credential: Credential | undefined, draft: Draft): GeneratedCase => ({
    ...draft,
    headers: {
      ...(credential ? { authorization: `Bearer ${credential.token}` } : {}),
      // v0 is outside the dated scheme (VER-06): no version is sent.
      ...(target.generation === 'v1' ? { 'service-version': scope.version } : {}),
      ...(draft.body === undefined ? {} : { 'content-type': target.mediaType ?? JSON_TYPE }),
      ...draft.headers,
    },
  });
  return {
    target,
    scope,
    method,
    path,
    body: bodyArbitrary(target, scope),
    pick: byClass,
    finish,
    plain: (kind, credential, body) =>
      finish(credential, { kind, method, path, ...(body === undefined ? {} : { body }) }),
  };
}

/** Methods a client may send that the path lacks. */
export function otherMethods(target: GenerateTarget): string[] {
  return METHODS.filter((m) => !target.methods.includes(m.toLowerCase()));
}

/**
 * One of `list`, each kind of credential (its access model and scopes) as likely as another however
 * many the profile has of it: a profile's one personal token is drawn as often as its many keys.
 */
function byClass(list: Credential[]): fc.Arbitrary<Credential> {
  const classes = groupBy(list, classOf);
  return fc.constantFrom(...classes.values()).chain((same) => fc.constantFrom(...same));
}

/** The kind of a credential: its access model and its scopes. */
export function classOf(credential: Credential): string {
  return `${credential.access} ${[...credential.scopes].sort().join(' ')}`;
}

/** A body from the schema (or undefined for an operation without one), as sent. */
function bodyArbitrary(target: GenerateTarget, scope: CaseScope): fc.Arbitrary<string | undefined> {
  if (target.bodySchema === undefined) return fc.constant(undefined);
  return arbitraryOf(target.bodySchema, scope.hints).map((value) => encode(target, value));
}

/** A value as the operation's media type carries it: JSON, or a form of its fields as text. */
export function encode(target: GenerateTarget, value: unknown): string {
  if (target.mediaType === JSON_TYPE || value === null || typeof value !== 'object')
    return JSON.stringify(value);
  const fields = Object.entries(value).map(([name, field]): [string, string] => [
    name,
    typeof field === 'string' ? field : JSON.stringify(field),
  ]);
  return new URLSearchParams(fields).toString();
}

/** VER-04: a number, a boolean, or a string off the `YYYY-MM-DD` pattern or of no known date. */
export function malformedVersion(versions: readonly string[]): fc.Arbitrary<string> {
  return fc
    .oneof(
      fc.integer().map(String),
      fc.double({ noNaN: true, noDefaultInfinity: true }).map(String),
      fc.constantFrom('true', 'false', 'null', 'latest', '2026-8-25', '26-08-25', '2026-02-30'),
      fc
        .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10)),
      fc.string({ unit: VISIBLE, minLength: 1, maxLength: 16 }),
    )
    .filter((v) => !versions.includes(v));
}

/** A copy of `value` with `replaced` at `path`, objects made on the way where there are none. */
export function withField(
  value: Record<string, unknown>,
  path: string[],
  replaced: unknown,
): unknown {
  const [name, ...rest] = path;
  if (name === undefined) return replaced;
  const inner = Object.hasOwn(value, name) && isRecord(value[name]) ? value[name] : {};
  return { ...value, [name]: rest.length ? withField(inner, rest, replaced) : replaced };
}
