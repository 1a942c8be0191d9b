import fc from 'fast-check';
import {
  type Builder,
  type Credential,
  type Kinds,
  classOf,
  MAX_FIELD_DEPTH,
  encode,
  withField,
} from './case-builder.js';
import { isDestructive } from './generate-target.js';
import { MAX_OVER_LIMIT, arbitraryOf, pastLimit } from './schema-arbitrary.js';
import { isRecord } from '../../is-record.js';

/** How many bodies are tried, at build time, for one that breaks nothing and is not open. */
const CLEAN_SAMPLE = 50;

/**
 * Bodies from the schema, three times in four ones that break no rule and carry no open value (so
 * that what a credential or an answer gets wrong shows), else any: those are named `open`,
 * `past-limit` or `invalid-body` after what they are.
 */
export function mostlyClean(builder: Builder): fc.Arbitrary<string | undefined> {
  if (builder.target.bodySchema === undefined) return builder.body;
  return mostlyCleanValues(builder).map((value) => encode(builder.target, value));
}

/** Body values as `mostlyClean` sends them, for a kind that changes one field of them. */
export function mostlyCleanValues(builder: Builder): fc.Arbitrary<Record<string, unknown>> {
  const any = arbitraryOf(builder.target.bodySchema, builder.scope.hints).map((value) =>
    isRecord(value) ? value : {},
  );
  const clean = cleanValues(builder);
  return clean ? fc.oneof({ arbitrary: clean, weight: 3 }, { arbitrary: any, weight: 1 }) : any;
}

/**
 * The credentials a clean body is clean for: those of the kind it was judged with (a body with
 * `sender` is clean for an organization credential, not for a personal one, AUTH-11).
 */
function cleanFor(allowed: Credential[]): Credential[] {
  const [first] = allowed;
  return first ? allowed.filter((c) => classOf(c) === classOf(first)) : [];
}

/**
 * Body values from the schema that break no rule and carry no open value, sent with an allowed
 * credential; undefined where the operation has no body or none turns up in a sample at build time.
 */
function cleanValues({
  target,
  scope,
  plain,
}: Builder): fc.Arbitrary<Record<string, unknown>> | undefined {
  const [credential] = target.allowed;
  if (!credential || target.bodySchema === undefined) return undefined;
  const values = arbitraryOf(target.bodySchema, scope.hints).filter(isRecord);
  const isClean = (value: Record<string, unknown>) => {
    const request = plain('valid', credential, encode(target, value));
    const { broken, open } = scope.expectation(request, target);
    return broken.length === 0 && open.length === 0;
  };
  if (!fc.sample(values, { seed: 0, numRuns: CLEAN_SAMPLE }).some(isClean)) return undefined;
  return values.filter(isClean);
}

/**
 * A clean body with one string past its limit (EPH-03: `text` past 8,000 bytes; SUB-03: a `url`
 * past 1,024 characters; `sender.name` past 128), with an allowed credential.
 */
export function pastLimitKinds(builder: Builder): Kinds {
  const { target, pick, finish, method, path } = builder;
  const fields = limitedFields(target.bodySchema, []);
  const clean = cleanValues(builder);
  if (!fields.length || !clean || isDestructive(target)) return [];
  const long = fc
    .constantFrom(...fields)
    .chain(({ at, limit, format }) =>
      pastLimit(limit, format).map((v): [string[], string] => [at, v]),
    );
  return [
    [
      'past-limit',
      fc.tuple(pick(cleanFor(target.allowed)), clean, long).map(([c, value, [at, text]]) =>
        finish(c, {
          kind: 'past-limit',
          method,
          path,
          body: encode(target, withField(value, at, text)),
          change: `${at.join('.')} past its limit`,
        }),
      ),
    ],
  ];
}

/** The string fields with a byte (`x-max-bytes`) or length limit, down to MAX_FIELD_DEPTH. */
function limitedFields(
  schema: unknown,
  at: string[],
): Array<{ at: string[]; limit: number; format?: string }> {
  const properties = (schema as { properties?: Record<string, any> } | undefined)?.properties;
  if (!properties || at.length >= MAX_FIELD_DEPTH) return [];
  return Object.entries(properties).flatMap(([name, property]) => {
    const limit = property?.['x-max-bytes'] ?? property?.maxLength;
    const here = [...at, name];
    const own =
      property?.type === 'string' && typeof limit === 'number' && limit < MAX_OVER_LIMIT
        ? [{ at: here, limit, ...(property.format ? { format: property.format } : {}) }]
        : [];
    return [...own, ...limitedFields(property, here)];
  });
}
