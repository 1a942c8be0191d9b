import fc from 'fast-check';
import type { Profile } from '../profile.js';
import type { CaseKind, GeneratedCase } from './generated-case.js';
import { type GenerateTarget, isDestructive } from './generate-target.js';
import { type Hints, arbitraryOf } from './schema-arbitrary.js';

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
}

type Credential = Profile['credentials'][number];
type Draft = Omit<GeneratedCase, 'headers'> & { headers?: Record<string, string> };

const JSON_TYPE = 'application/json';
/** Content types a body is sent as; an operation's own is not a wrong one. */
const CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  JSON_TYPE,
  'application/x-www-form-urlencoded',
];
/** How deep a field is made the wrong type: `sender.name`, not further. */
const MAX_FIELD_DEPTH = 2;
/** Methods a client may send to any path; those the path lacks must get 405. */
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
/** Valid requests, with their many combinations of optional keys, come more often than each fault. */
const WEIGHTS: Partial<Record<CaseKind, number>> = { valid: 4, 'wrong-type': 2 };
/** What an off-pattern `Service-Version` is made of: visible ASCII, as a header carries it. */
const VISIBLE = fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c));

/**
 * Requests to one operation: valid ones (from the schema, and the document's examples) and ones
 * that break one request rule each (a wrong-typed or missing field, no or a wrong content type, a
 * malformed `Service-Version`, no, an unknown or a revoked credential, a method the path lacks).
 */
export function caseArbitrary(
  target: GenerateTarget,
  scope: CaseScope,
): fc.Arbitrary<GeneratedCase> {
  const kinds = kindArbitraries(target, scope);
  return fc.oneof(...kinds.map(([kind, arbitrary]) => ({ arbitrary, weight: WEIGHTS[kind] ?? 1 })));
}

type Kinds = Array<[CaseKind, fc.Arbitrary<GeneratedCase>]>;

/** What every kind of case is built with: its body, its credentials, how a draft is finished. */
interface Builder {
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

/** The kinds of case the operation and profile allow, each with its arbitrary. */
function kindArbitraries(target: GenerateTarget, scope: CaseScope): Kinds {
  const builder = builderOf(target, scope);
  return [
    ...validKinds(builder),
    ...bodyKinds(builder),
    ...versionKinds(builder),
    ...credentialKinds(builder),
  ];
}

function builderOf(target: GenerateTarget, scope: CaseScope): Builder {
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
    pick: (list) => fc.constantFrom(...list),
    finish,
    plain: (kind, credential, body) =>
      finish(credential, { kind, method, path, ...(body === undefined ? {} : { body }) }),
  };
}

/** Requests that break no rule: bodies from the schema, and the document's examples. */
function validKinds({ target, body, pick, plain }: Builder): Kinds {
  const { allowed, live } = target;
  if (isDestructive(target) || !live.length) return [];
  const kinds: Kinds = [
    ['valid', fc.tuple(pick(live), body).map(([c, b]) => plain('valid', c, b))],
  ];
  const examples = target.examples.map((e) => encode(target, e));
  if (allowed.length && (examples.length || target.bodySchema === undefined))
    kinds.push([
      'example',
      fc
        .tuple(
          pick(allowed),
          examples.length ? fc.constantFrom(...examples) : fc.constant(undefined),
        )
        .map(([c, b]) => plain('example', c, b)),
    ]);
  return kinds;
}

/** A field of the wrong type, no body, a body of another content type. */
function bodyKinds(builder: Builder): Kinds {
  const { target, scope, body, pick, plain, finish, method, path } = builder;
  const { allowed } = target;
  if (isDestructive(target) || !allowed.length || target.bodySchema === undefined) return [];
  const kinds: Kinds = [];
  // A form carries only strings: no field of one can have the wrong JSON type.
  if (target.mediaType === JSON_TYPE)
    kinds.push(['wrong-type', wrongTypeArbitrary(target, scope, pick(allowed), finish)]);
  kinds.push(['omitted-body', pick(allowed).map((c) => plain('omitted-body', c))]);
  const otherTypes = fc.constantFrom(...CONTENT_TYPES.filter((t) => t !== target.mediaType));
  kinds.push([
    'wrong-content-type',
    fc.tuple(pick(allowed), body, otherTypes).map(([c, b, type]) =>
      finish(c, {
        kind: 'wrong-content-type',
        method,
        path,
        body: b,
        headers: { 'content-type': type },
      }),
    ),
  ]);
  return kinds;
}

/** v1: no `Service-Version` with a credential pinned to the version (VER-02), a malformed one. */
function versionKinds({ target, scope, body, pick, plain, finish, method, path }: Builder): Kinds {
  if (target.generation !== 'v1') return [];
  const kinds: Kinds = [];
  const { allowed, live } = target;
  // VER-02: without the header, the credential's pin (else the baseline) is the version used.
  const pinned = allowed.filter(
    (c) => c.pin === scope.version || (c.pin === null && scope.version === scope.baseline),
  );
  if (!isDestructive(target) && pinned.length)
    kinds.push([
      'no-version',
      fc.tuple(pick(pinned), body).map(([c, b]) => {
        const request = plain('no-version', c, b);
        const { 'service-version': _, ...headers } = request.headers;
        return { ...request, headers };
      }),
    ]);
  const anyCredential = allowed.length ? allowed : live;
  if (anyCredential.length)
    kinds.push([
      'bad-version',
      fc.tuple(pick(anyCredential), malformedVersion(scope.versions), body).map(([c, v, b]) =>
        finish(c, {
          kind: 'bad-version',
          method,
          path,
          body: b,
          headers: { 'service-version': v },
        }),
      ),
    ]);
  return kinds;
}

/** No, an unknown or a revoked credential; a method the path lacks. */
function credentialKinds({ target, body, pick, plain, finish, method, path }: Builder): Kinds {
  const { allowed, live, revoked } = target;
  const kinds: Kinds = [
    ['no-credential', body.map((b) => plain('no-credential', undefined, b))],
    [
      'unknown-credential',
      fc.tuple(fc.string({ unit: VISIBLE, minLength: 1, maxLength: 24 }), body).map(([token, b]) =>
        finish(undefined, {
          kind: 'unknown-credential',
          method,
          path,
          body: b,
          headers: { authorization: `Bearer unknown-${token}` },
        }),
      ),
    ],
  ];
  if (revoked.length)
    kinds.push([
      'revoked-credential',
      fc.tuple(pick(revoked), body).map(([c, b]) => plain('revoked-credential', c, b)),
    ]);
  const anyCredential = allowed.length ? allowed : live;
  const others = METHODS.filter((m) => !target.methods.includes(m.toLowerCase()));
  if (others.length && anyCredential.length)
    kinds.push([
      'wrong-method',
      fc
        .tuple(pick(anyCredential), fc.constantFrom(...others))
        .map(([c, m]) => finish(c, { kind: 'wrong-method', method: m, path })),
    ]);
  return kinds;
}

/** A body from the schema (or undefined for an operation without one), as sent. */
function bodyArbitrary(target: GenerateTarget, scope: CaseScope): fc.Arbitrary<string | undefined> {
  if (target.bodySchema === undefined) return fc.constant(undefined);
  return arbitraryOf(target.bodySchema, scope.hints).map((value) => encode(target, value));
}

/** A value as the operation's media type carries it: JSON, or a form of its fields as text. */
function encode(target: GenerateTarget, value: unknown): string {
  if (target.mediaType === JSON_TYPE || value === null || typeof value !== 'object')
    return JSON.stringify(value);
  const fields = Object.entries(value).map(([name, field]): [string, string] => [
    name,
    typeof field === 'string' ? field : JSON.stringify(field),
  ]);
  return new URLSearchParams(fields).toString();
}

/** VER-04: a number, a boolean, or a string off the `YYYY-MM-DD` pattern or of no known date. */
function malformedVersion(versions: readonly string[]): fc.Arbitrary<string> {
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

/** A body with one field, at any depth, made `null`, a number or a boolean. */
function wrongTypeArbitrary(
  target: GenerateTarget,
  scope: CaseScope,
  credential: fc.Arbitrary<Credential>,
  finish: (c: Credential | undefined, draft: Draft) => GeneratedCase,
): fc.Arbitrary<GeneratedCase> {
  const fields = fieldPaths(target.bodySchema, 0);
  const base = arbitraryOf(target.bodySchema, scope.hints).map((value) =>
    isRecord(value) ? value : {},
  );
  const field = fields.length ? fc.constantFrom(...fields) : fc.constant<string[]>(['value']);
  const wrong = fc.oneof(fc.constant(null), fc.integer({ min: -1000, max: 1000 }), fc.boolean());
  return fc.tuple(credential, base, field, wrong).map(([c, value, at, replaced]) =>
    finish(c, {
      kind: 'wrong-type',
      method: target.entry.method.toUpperCase(),
      path: target.path,
      body: JSON.stringify(withField(value, at, replaced)),
      change: `${at.join('.')} = ${JSON.stringify(replaced)}`,
    }),
  );
}

/** The paths of the schema's properties, nested objects' included, down to MAX_FIELD_DEPTH. */
function fieldPaths(schema: unknown, depth: number): string[][] {
  const properties = (schema as { properties?: Record<string, unknown> } | undefined)?.properties;
  if (!properties || depth >= MAX_FIELD_DEPTH) return [];
  return Object.entries(properties).flatMap(([name, property]) => [
    [name],
    ...fieldPaths(property, depth + 1).map((rest) => [name, ...rest]),
  ]);
}

/** A copy of `value` with `replaced` at `path`, objects made on the way where there are none. */
function withField(value: Record<string, unknown>, path: string[], replaced: unknown): unknown {
  const [name, ...rest] = path;
  if (name === undefined) return replaced;
  const inner = Object.hasOwn(value, name) && isRecord(value[name]) ? value[name] : {};
  return { ...value, [name]: rest.length ? withField(inner, rest, replaced) : replaced };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
