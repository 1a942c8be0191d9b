import fc from 'fast-check';
import type { RuleId } from './answer-rules.js';
import {
  type Builder,
  type CaseScope,
  type Credential,
  type Draft,
  JSON_TYPE,
  type Kinds,
  MAX_FIELD_DEPTH,
  builderOf,
  encode,
  malformedVersion,
  otherMethods,
  VISIBLE,
  withField,
} from './case-builder.js';
import { mostlyClean, mostlyCleanValues, pastLimitKinds } from './clean-bodies.js';
import type { CaseKind, GeneratedCase } from './generated-case.js';
import { type GenerateTarget, isDestructive } from './generate-target.js';
import { severalKinds } from './several-kinds.js';
import { isRecord } from '../../is-record.js';

/** Content types a body is sent as; an operation's own is not a wrong one. */
const CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  JSON_TYPE,
  'application/x-www-form-urlencoded',
];
/**
 * Valid requests come most often: with their many combinations of optional keys and the profile's
 * data they reach the rules of the data (membership, archived channels). Credentials without the
 * scope, strings past their limits, wrong types, missing fields and pairs of broken rules come more
 * often than each other kind.
 */
const WEIGHTS: Partial<Record<CaseKind, number>> = {
  valid: 12,
  'no-scope': 3,
  'past-limit': 4,
  'wrong-type': 2,
  'missing-field': 2,
  several: 2,
};
/**
 * Requests to one operation: valid ones (from the schema, and the document's examples), ones that
 * break one request rule each (a wrong-typed or missing field, no or a wrong content type, a
 * malformed `Service-Version`, no, an unknown or a revoked credential, a method the path lacks) and
 * ones that break two at once. A request from the schema is named by what the specification says of
 * it: `open` where it carries a value whose validity is left open, after the rule it breaks where
 * it breaks one (a credential without the scope, a string past its limit).
 */
export function caseArbitrary(
  target: GenerateTarget,
  scope: CaseScope,
): fc.Arbitrary<GeneratedCase> {
  const kinds = kindArbitraries(target, scope);
  return fc
    .oneof(...kinds.map(([kind, arbitrary]) => ({ arbitrary, weight: WEIGHTS[kind] ?? 1 })))
    .map((request) => named(request, target, scope));
}

/** Kinds whose requests come from the schema, and may turn out valid, open or broken. */
const FROM_SCHEMA = new Set<CaseKind>([
  'valid',
  'example',
  'no-scope',
  'wrong-type',
  'missing-field',
]);

/** The rules whose breaking names a request from the schema; others make it `invalid-body`. */
const RULE_KINDS = new Map<RuleId, CaseKind>([
  ['missing-scope', 'no-scope'],
  ['access-model', 'no-scope'],
  ['text-too-long', 'past-limit'],
  ['url-too-long', 'past-limit'],
]);

/** `request` with the kind that says what it is: valid, open, or the rule it breaks. */
function named(request: GeneratedCase, target: GenerateTarget, scope: CaseScope): GeneratedCase {
  if (!FROM_SCHEMA.has(request.kind)) return request;
  const { broken, open } = scope.expectation(request, target);
  const meant = request.kind === 'example' ? 'example' : 'valid';
  if (broken.length === 0) return { ...request, kind: open.length ? 'open' : meant };
  if (request.kind === 'wrong-type' || request.kind === 'missing-field') return request;
  return { ...request, kind: RULE_KINDS.get(broken[0]!.rule) ?? 'invalid-body' };
}

/** The kinds of case the operation and profile allow, each with its arbitrary. */
function kindArbitraries(target: GenerateTarget, scope: CaseScope): Kinds {
  const raw = builderOf(target, scope);
  // Mostly clean bodies, so that what a kind breaks is what the answer is judged by: an open value
  // alongside would let any refusal through.
  const builder = { ...raw, body: mostlyClean(raw) };
  return [
    ...validKinds(builder),
    ...bodyKinds(builder),
    ...versionKinds(builder),
    ...credentialKinds(builder),
    ...pastLimitKinds(builder),
    ...severalKinds(builder),
  ];
}

/**
 * Requests that break no rule (bodies from the schema, and the document's examples), and the same
 * with each live credential the operation's scopes or access model do not allow.
 */
function validKinds(builder: Builder): Kinds {
  const { target, pick, plain } = builder;
  const { allowed, live } = target;
  if (isDestructive(target)) return [];
  const { body } = builder;
  const kinds: Kinds = [];
  if (allowed.length)
    kinds.push(['valid', fc.tuple(pick(allowed), body).map(([c, b]) => plain('valid', c, b))]);
  const refused = live.filter((c) => !allowed.includes(c));
  if (refused.length)
    kinds.push([
      'no-scope',
      fc.tuple(pick(refused), body).map(([c, b]) => plain('no-scope', c, b)),
    ]);
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
  const { target, body, pick, plain, finish, method, path } = builder;
  const { allowed } = target;
  if (isDestructive(target) || !allowed.length || target.bodySchema === undefined) return [];
  const kinds: Kinds = [];
  // A form carries only strings: no field of one can have the wrong JSON type.
  if (target.mediaType === JSON_TYPE)
    kinds.push([
      'wrong-type',
      wrongTypeArbitrary(target, mostlyCleanValues(builder), pick(allowed), finish),
    ]);
  const required = requiredFields(target.bodySchema);
  if (required.length)
    kinds.push([
      'missing-field',
      fc
        .tuple(pick(allowed), mostlyCleanValues(builder), fc.constantFrom(...required))
        .map(([c, value, field]) => {
          const { [field]: _, ...rest } = isRecord(value) ? value : {};
          return finish(c, {
            kind: 'missing-field',
            method,
            path,
            body: encode(target, rest),
            change: `${field} left out`,
          });
        }),
    ]);
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
  // An implementation that ignores a malformed version would revoke the profile's credential
  // (#32): a destructive operation is sent refusals the credential itself earns, never these.
  if (anyCredential.length && !isDestructive(target))
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
  const others = otherMethods(target);
  // Where the method is only assumed, another may be the implementation's own: a destructive
  // operation gets it only with a credential that must be refused (severalKinds).
  if (others.length && anyCredential.length && !isDestructive(target))
    kinds.push([
      'wrong-method',
      fc
        .tuple(pick(anyCredential), fc.constantFrom(...others))
        .map(([c, m]) => finish(c, { kind: 'wrong-method', method: m, path })),
    ]);
  return kinds;
}

/** The fields the body's schema requires at its root. */
function requiredFields(schema: unknown): string[] {
  const required = (schema as { required?: unknown } | undefined)?.required;
  return Array.isArray(required) ? required.filter((r): r is string => typeof r === 'string') : [];
}

/** A body with one field, at any depth, made `null`, a number or a boolean. */
function wrongTypeArbitrary(
  target: GenerateTarget,
  base: fc.Arbitrary<Record<string, unknown>>,
  credential: fc.Arbitrary<Credential>,
  finish: (c: Credential | undefined, draft: Draft) => GeneratedCase,
): fc.Arbitrary<GeneratedCase> {
  const fields = fieldPaths(target.bodySchema, 0);
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
