/**
 * Who reads a part of a document decides which way a change breaks: the server reads requests,
 * clients read responses, and receivers read webhook payloads (so payloads count as responses).
 */
export type Role = 'request' | 'response';

export type ChangeKind = 'breaking' | 'additive';

/** One leaf where two dereferenced documents differ. */
export interface LeafChange {
  path: string[];
  before: unknown;
  after: unknown;
}

// Words for readers, not for machines: changing them breaks no one.
export const DOCUMENTATION = new Set([
  'description',
  'summary',
  'title',
  'examples',
  'example',
  'operationId',
  'tags',
  '$schema',
]);
// Keywords that narrow what a value may be: adding one narrows, removing one widens.
export const CONSTRAINTS = new Set([
  'const',
  'pattern',
  'maxLength',
  'minLength',
  'minimum',
  'maximum',
  'format',
  'type',
  'minItems',
  'maxItems',
  'minProperties',
  'maxProperties',
  'additionalProperties',
  'not',
  'x-avatar-url',
  'x-max-bytes',
]);
// Annotations that record behaviour the specification versions (VER-10, VER-11, AUTH-13), and `x-shape`: a
// shape that was not shown cannot be proven compatible with what replaced it. Any change breaks.
const BEHAVIOUR = new Set([
  'x-mention-grammar',
  'x-membership',
  'x-access',
  'x-required-scopes',
  'x-shape',
]);

/** The role of a location in a document, from the keys that lead to it. */
export function roleOf(path: string[]): Role {
  const [section, , , part] = path;
  if (section === 'webhooks') return part === 'responses' ? 'request' : 'response';
  return part === 'requestBody' || part === 'parameters' ? 'request' : 'response';
}

/**
 * Breaking or additive, for a consumer of the part of the document the change is in. Narrowing what
 * a request accepts breaks clients; widening or restructuring what a response or payload carries
 * breaks its readers; new optional fields and new enum values are additive (the specification versioning 7).
 */
export function classify(change: LeafChange): ChangeKind {
  const key = change.path.at(-1) ?? '';
  // The avatar gate refuses requests wherever it is written, on the operation or on the field
  // (VER-12): check-request reads it from the operation.
  const role = key === 'x-avatar-url' ? 'request' : roleOf(change.path);
  const added = change.before === undefined;
  const removed = change.after === undefined;
  if (change.path.some((segment) => segment === 'examples') || DOCUMENTATION.has(key))
    return 'additive';
  if (BEHAVIOUR.has(key)) return 'breaking';
  if (key === 'properties' && added) return 'additive';
  if (change.path.at(-2) === 'properties') {
    if (added) return 'additive';
    if (removed) return 'breaking';
  }
  if (key === 'required')
    return setChange(change, {
      grows: role === 'request' ? 'breaking' : 'additive',
      shrinks: role === 'request' ? 'additive' : 'breaking',
    });
  if (key === 'enum')
    return setChange(change, {
      grows: 'additive',
      shrinks: role === 'request' ? 'breaking' : 'additive',
    });
  if (CONSTRAINTS.has(key)) {
    if (added) return role === 'request' ? 'breaking' : 'additive';
    if (removed) return role === 'request' ? 'additive' : 'breaking';
    return 'breaking';
  }
  if (key.startsWith('x-')) return 'additive';
  return 'breaking';
}

/** For list keywords: what joins and what leaves decide; both at once is the worse of the two. */
function setChange(
  change: LeafChange,
  kinds: { grows: ChangeKind; shrinks: ChangeKind },
): ChangeKind {
  const before = new Set((change.before as unknown[] | undefined) ?? []);
  const after = new Set((change.after as unknown[] | undefined) ?? []);
  const grew = [...after].some((value) => !before.has(value));
  const shrank = [...before].some((value) => !after.has(value));
  if ((grew && kinds.grows === 'breaking') || (shrank && kinds.shrinks === 'breaking'))
    return 'breaking';
  return 'additive';
}
