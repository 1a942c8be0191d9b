import { CONSTRAINTS, DOCUMENTATION, type LeafChange, roleOf } from './classify.js';
import { formatValue } from './format-value.js';

// What the values of the documents' behaviour annotations mean to a reader (README, "Where the
// specification is silent"). A value not listed here is named as it is.
const MEMBERSHIP: Readonly<Record<string, string>> = {
  required:
    'arrive only for chats the app is a member of (for a personal token: chats its owner is a member of)',
};
const MENTION_GRAMMAR: Readonly<Record<string, string>> = {
  legacy: 'groups as `<@uuid>` and broadcast as `<@all>`',
  subteam: 'groups as `<!subteam^uuid>` and broadcast as `<!channel>`',
};
const SHAPE: Readonly<Record<string, string>> = {
  unspecified: 'not shown',
  partial: 'only partly shown',
};
const AVATAR_URL: Readonly<Record<string, string>> = {
  'service-hosted': 'a service-hosted avatar URL',
};

const code = (text: string) => `\`${text}\``;
const meaning = (table: Readonly<Record<string, string>>, value: unknown) =>
  (typeof value === 'string' && Object.hasOwn(table, value) ? table[value] : undefined) ??
  code(formatValue(value));
const list = (value: unknown) =>
  Array.isArray(value) && value.length
    ? value.map((entry) => code(String(entry))).join(', ')
    : 'none';

/**
 * One sentence a reader of the changelog understands, built from where a change is (the item, the
 * part of it, the field) and what changed there (the keyword, before and after). The kind and the
 * requirement are said beside it, not in it.
 */
export function describeChange(change: LeafChange): string {
  const { path, before, after } = change;
  const [section = '', name = '', method = ''] = path;
  if (path.length === 2) return itemSentence(section, name, before === undefined);
  if (path.length === 3 && section === 'paths')
    return `${code(`${method.toUpperCase()} ${name}`)} ${before === undefined ? 'is new' : 'was removed'}.`;
  const subject = subjectOf(path);
  const field = fieldOf(path);
  const key = path.at(-1) ?? '';
  if (path.includes('examples') || key === 'example') return `An example of ${subject} changed.`;
  if (DOCUMENTATION.has(key)) return documentationSentence(key, subject, before, after);
  if (path.at(-2) === 'properties' && (before === undefined || after === undefined))
    return propertySentence(subject, field!, roleOf(path) === 'request', before === undefined);
  const where = field ? `${code(field)} in ${subject}` : subject;
  switch (key) {
    case 'properties':
      return propertiesSentence(subject, field, roleOf(path) === 'request', before, after);
    case 'required':
      return requiredSentence(subject, field, roleOf(path) === 'request', before, after);
    case 'enum':
      return enumSentence(where, before, after);
    case 'x-membership':
      return after === undefined
        ? `${capital(subject)} no longer depend on chat membership.`
        : `${capital(subject)} now ${meaning(MEMBERSHIP, after)}.`;
    case 'x-mention-grammar':
      return `${capital(subject)} now render mentions in message text with ${meaning(MENTION_GRAMMAR, after)} (before: ${meaning(MENTION_GRAMMAR, before)}).`;
    case 'x-shape':
      return after === undefined
        ? `The shape of ${where} is now shown (before: ${meaning(SHAPE, before)}).`
        : `The shape of ${where} is now ${meaning(SHAPE, after)}.`;
    case 'x-avatar-url':
      return after === undefined
        ? `${capital(subject)} no longer restrict image URLs${field ? ` in ${code(field)}` : ''}.`
        : `${capital(subject)} now accept ${field ? code(field) : 'image URLs'} only as ${meaning(AVATAR_URL, after)}; anything else is refused.`;
    case 'x-access':
      return `${capital(subject)} are now open to ${list(after)} credentials (before: ${list(before)}).`;
    case 'x-required-scopes':
      return `${capital(subject)} now need the scopes ${list(after)} (before: ${list(before)}).`;
  }
  if (CONSTRAINTS.has(key)) return constraintSentence(key, where, before, after);
  return `${capital(subject)} changed at ${code(path.slice(3).join('/'))}.`;
}

function itemSentence(section: string, name: string, added: boolean): string {
  if (section === 'webhooks')
    return added
      ? `The ${code(name)} webhook is new.`
      : `The ${code(name)} webhook was removed: receivers no longer get it.`;
  return added ? `The endpoint ${code(name)} is new.` : `The endpoint ${code(name)} was removed.`;
}

/** Who reads or sends the part of the document a change is in, always plural. */
function subjectOf(path: string[]): string {
  const [section, name = '', method = '', part, status] = path;
  if (section === 'webhooks') {
    if (part === 'responses') return `receivers' answers to ${code(name)} deliveries`;
    if (part === 'parameters') return `the headers of ${code(name)} deliveries`;
    return `${code(name)} deliveries`;
  }
  const operation = code(`${method.toUpperCase()} ${name}`);
  if (part === 'requestBody') return `requests to ${operation}`;
  if (part === 'responses') return `${code(status ?? '')} answers of ${operation}`;
  if (part === 'parameters') return `the parameters of ${operation}`;
  return `calls to ${operation}`;
}

/** The field a change is in, `sender.imageUrl` or `items[]`, from the schema keywords leading to it. */
function fieldOf(path: string[]): string | undefined {
  const start = path.indexOf('schema');
  if (start < 0) return undefined;
  const names: string[] = [];
  for (let index = start + 1; index < path.length - 1; index++) {
    if (path[index] === 'properties') names.push(path[++index]!);
    else if (path[index] === 'items') names.push(`${names.pop() ?? ''}[]`);
    else break;
  }
  return names.length ? names.join('.') : undefined;
}

function documentationSentence(
  key: string,
  subject: string,
  before: unknown,
  after: unknown,
): string {
  if (before === undefined) return `The documentation of ${subject} gained a ${key}.`;
  if (after === undefined) return `The documentation of ${subject} lost its ${key}.`;
  return `The ${key} of ${subject} was reworded.`;
}

function propertySentence(
  subject: string,
  field: string,
  request: boolean,
  added: boolean,
): string {
  return `${capital(subject)} ${includeVerb(request, added)} include the field ${code(field)}.`;
}

/** A request may include a field (the client chooses); an answer or a delivery does. */
function includeVerb(request: boolean, added: boolean): string {
  const when = added ? 'now' : 'no longer';
  return request ? `may ${when}` : when;
}

function propertiesSentence(
  subject: string,
  field: string | undefined,
  request: boolean,
  before: unknown,
  after: unknown,
): string {
  const added = before === undefined;
  const names = Object.keys((added ? after : before) ?? {}).map((name) =>
    code(field ? `${field}.${name}` : name),
  );
  return `${capital(subject)} ${includeVerb(request, added)} include the fields ${names.join(', ') || 'none'}.`;
}

function requiredSentence(
  subject: string,
  field: string | undefined,
  request: boolean,
  before: unknown,
  after: unknown,
): string {
  const { joined, left } = membership(before, after);
  const name = (value: string) => code(field ? `${field}.${value}` : value);
  const parts: string[] = [];
  if (joined.length)
    parts.push(
      `${request ? 'must now send' : 'now always include'} ${joined.map(name).join(', ')}`,
    );
  if (left.length)
    parts.push(
      `${request ? 'no longer need to send' : 'no longer always include'} ${left.map(name).join(', ')}`,
    );
  return `${capital(subject)} ${parts.join(' and ') || 'keep the same required fields'}.`;
}

function enumSentence(where: string, before: unknown, after: unknown): string {
  const { joined, left } = membership(before, after);
  const parts: string[] = [];
  if (joined.length) parts.push(`now also allows ${list(joined)}`);
  if (left.length) parts.push(`no longer allows ${list(left)}`);
  return `The list of values of ${where} ${parts.join(' and ') || 'was reordered'}.`;
}

function constraintSentence(key: string, where: string, before: unknown, after: unknown): string {
  if (after === undefined)
    return `${capital(where)} no longer has a ${code(key)} (before: ${code(formatValue(before))}).`;
  if (before === undefined)
    return `${capital(where)} now has ${code(key)} ${code(formatValue(after))}.`;
  return `The ${code(key)} of ${where} is now ${code(formatValue(after))} (before: ${code(formatValue(before))}).`;
}

function membership(before: unknown, after: unknown): { joined: string[]; left: string[] } {
  const was = (Array.isArray(before) ? before : []).map(String);
  const is = (Array.isArray(after) ? after : []).map(String);
  return {
    joined: is.filter((value) => !was.includes(value)),
    left: was.filter((value) => !is.includes(value)),
  };
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
