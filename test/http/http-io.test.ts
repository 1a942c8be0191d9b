import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, decodeBody, formFields, jsonDepth } from '../../src/http/http-io.ts';
import { PROTOTYPE_NAMES } from '../support/prototype-names.ts';

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const nestedObjects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

describe('jsonDepth', () => {
  it.each([
    ['a scalar', { given: '1', want: 0 }],
    ['an empty object', { given: '{}', want: 1 }],
    ['objects and arrays alike', { given: '{"a":[{"b":[]}]}', want: 4 }],
    ['brackets inside strings do not count', { given: '{"a":"[[[[{{{{"}', want: 1 }],
    ['an escaped quote does not end the string', { given: '{"a":"\\"[[[["}', want: 1 }],
    ['an escaped backslash before the closing quote', { given: '["\\\\",[[]]]', want: 3 }],
    ['5,000 levels', { given: nested(5000), want: 5000 }],
  ])('%s', (_, { given, want }) => {
    expect(jsonDepth(given)).toBe(want);
  });
});

describe('decodeBody', () => {
  const json = (text: string) => decodeBody(Buffer.from(text), 'application/json');
  it.each([
    [
      `JSON nested ${MAX_JSON_DEPTH} levels is read`,
      { given: nested(MAX_JSON_DEPTH), readable: true },
    ],
    [
      `JSON nested ${MAX_JSON_DEPTH + 1} levels is refused before parsing`,
      { given: nested(MAX_JSON_DEPTH + 1), readable: false },
    ],
    ['objects nested 5,000 levels are refused', { given: nestedObjects(5000), readable: false }],
    [
      'a filter nested 5,000 levels inside a body is refused',
      { given: `{"filter":${nestedObjects(5000)}}`, readable: false },
    ],
    ['JSON that does not parse is refused', { given: '{"a":', readable: false }],
    ['null is read (the body rules decide)', { given: 'null', readable: true }],
  ])('%s', (_, { given, readable }) => {
    expect(json(given) !== undefined).toBe(readable);
  });

  it('an empty body is no value', () => {
    expect(decodeBody(Buffer.alloc(0), 'application/json')).toEqual({ value: undefined });
  });
});

describe('formFields', () => {
  it.each(
    PROTOTYPE_NAMES.map((name) => [name, { given: `${encodeURIComponent(name)}=x` }] as const),
  )("a field named %s is the form's own, not Object.prototype's", (name, { given }) => {
    const fields = decodeBody(Buffer.from(given), 'application/x-www-form-urlencoded')
      ?.value as Record<string, string>;
    expect(Object.getPrototypeOf(fields)).toBeNull();
    expect(Object.hasOwn(fields, name)).toBe(true);
    expect(fields[name]).toBe('x');
  });

  it.each(PROTOTYPE_NAMES.map((name) => [name] as const))(
    'an absent field named %s reads as absent',
    (name) => {
      const fields = formFields(new URLSearchParams('id=1'))!;
      expect(fields[name]).toBeUndefined();
    },
  );

  it.each([
    ['a repeated field is refused', { given: 'id=1&id=2', want: undefined }],
    [
      'a repeated field with the same value too',
      { given: 'grant_type=refresh_token&grant_type=refresh_token', want: undefined },
    ],
    ['a repeated __proto__ too', { given: '__proto__=a&__proto__=b', want: undefined }],
    ['distinct fields are read', { given: 'id=1&code=2', want: { id: '1', code: '2' } }],
  ])('%s', (_, { given, want }) => {
    const fields = formFields(new URLSearchParams(given));
    expect(fields === undefined ? undefined : { ...fields }).toEqual(want);
  });
});
