import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES, MAX_JSON_DEPTH } from '../../src/http/http-io.ts';
import { useFrontServers } from '../support/front-servers.ts';
import { PROTOTYPE_NAMES } from '../support/prototype-names.ts';

// Each malformed shape of body, sent over HTTP to every operation that takes one, at both servers
// that share src/http: the spec's 4xx with its code in the generation's shape (v0 `{code}`, v1
// `{error}`, OAuth `{error}` per RFC 6749), never a 500.
type Generation = 'v0' | 'v1' | 'auth';
interface Operation {
  path: string;
  generation: Generation;
  type: string;
  sample: string;
}
const OPERATIONS: Record<string, Operation> = {
  'v0 subscribe': {
    path: '/v0/webhook.subscribe',
    generation: 'v0',
    type: 'application/json',
    sample: '{"event":"lobby:booked","url":"https://hooks.example.com/a"}',
  },
  'v0 unsubscribe': {
    path: '/v0/webhook.unsubscribe',
    generation: 'v0',
    type: 'application/x-www-form-urlencoded',
    sample: 'id=3f1c2a4e-8d7b-4c61-9a0e-5b2d7f3e9c10',
  },
  'v1 subscribe': {
    path: '/v1/webhook.subscribe',
    generation: 'v1',
    type: 'application/json',
    sample: '{"event":"chat.message","url":"https://hooks.example.com/a"}',
  },
  'v1 unsubscribe': {
    path: '/v1/webhook.unsubscribe',
    generation: 'v1',
    type: 'application/json',
    sample: '{"id":"3f1c2a4e-8d7b-4c61-9a0e-5b2d7f3e9c10"}',
  },
  'v1 postEphemeral': {
    path: '/v1/chat.postEphemeral',
    generation: 'v1',
    type: 'application/json',
    sample:
      '{"chatId":"5b0e6a52-0c43-4f7e-9a57-1d9f3c2b7e11","userId":"0b6c3c7e-1d0a-4d4e-9c11-0f0e1a2b3c4d","text":"hi"}',
  },
  'oauth token': {
    path: '/oauth/token',
    generation: 'auth',
    type: 'application/x-www-form-urlencoded',
    sample: 'grant_type=refresh_token&refresh_token=rt_x&client_id=client_confidential',
  },
};
const JSON_OPERATIONS = Object.keys(OPERATIONS).filter(
  (name) => OPERATIONS[name]!.type === 'application/json',
);
const FORM_OPERATIONS = Object.keys(OPERATIONS).filter(
  (name) => OPERATIONS[name]!.type !== 'application/json',
);

interface Want {
  status: number;
  code: string;
}
interface Row {
  given: { operation: string; type: string; body: string };
  want: Want;
  /** Where the mock may answer otherwise: a shape the document leaves open reaches Prism. */
  mock?: 'any 4xx or 2xx';
}

const invalid = (generation: Generation): Want => ({
  status: 400,
  code: generation === 'auth' ? 'invalid_request' : 'invalid_parameter',
});
const deep = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const rows: Array<[string, Row]> = [];
const add = (name: string, row: Row) => rows.push([`${row.given.operation}: ${name}`, row]);

for (const operation of JSON_OPERATIONS) {
  const { type, generation } = OPERATIONS[operation]!;
  for (const [shape, body] of [
    ['null', 'null'],
    ['an array', '[]'],
    ['a number', '5'],
    ['a string', '"x"'],
    ['true', 'true'],
  ]) {
    add(`a JSON body of ${shape}`, {
      given: { operation, type, body: body! },
      want: invalid(generation),
    });
  }
  add('no body at all', { given: { operation, type, body: '' }, want: invalid(generation) });
  add('JSON nested 5,000 levels', {
    given: { operation, type, body: deep(5000) },
    want: invalid(generation),
  });
  add(`JSON nested ${MAX_JSON_DEPTH + 1} levels`, {
    given: { operation, type, body: deep(MAX_JSON_DEPTH + 1) },
    want: invalid(generation),
  });
  add('JSON that does not parse', {
    given: { operation, type, body: '{"event":' },
    want: invalid(generation),
  });
  add('a form where JSON is documented', {
    given: { operation, type: 'application/x-www-form-urlencoded', body: 'id=1' },
    want: invalid(generation),
  });
}
for (const operation of FORM_OPERATIONS) {
  const { type, generation } = OPERATIONS[operation]!;
  // Every field twice, with the same values: read by order, each would be a valid request.
  add('repeated fields', {
    given: {
      operation,
      type,
      body: `${OPERATIONS[operation]!.sample}&${OPERATIONS[operation]!.sample}`,
    },
    want: invalid(generation),
  });
  add('JSON where a form is documented', {
    given: { operation, type: 'application/json', body: '{"id":"x"}' },
    want: invalid(generation),
  });
}
for (const operation of Object.keys(OPERATIONS)) {
  const { generation, sample } = OPERATIONS[operation]!;
  for (const name of PROTOTYPE_NAMES) {
    add(`content type ${name}`, {
      given: { operation, type: name, body: sample },
      want: invalid(generation),
    });
  }
  const oversized =
    operation === 'v1 postEphemeral' ? { status: 413, code: 'msg_too_long' } : invalid(generation);
  add('a body over 1 MiB', {
    given: {
      operation,
      type: OPERATIONS[operation]!.type,
      body: `${sample.slice(0, -1)}${' '.repeat(MAX_BODY_BYTES)}}`,
    },
    want: oversized,
  });
}
// The filter, nested past the stack, used to reach the store's JSON.stringify (SUB-09).
add('a filter nested 5,000 levels', {
  given: {
    operation: 'v1 subscribe',
    type: 'application/json',
    body: `{"event":"chat.message","url":"https://hooks.example.com/a","filter":${deep(5000)}}`,
  },
  want: invalid('v1'),
});
add('a filter nested 5,000 levels', {
  given: {
    operation: 'v0 subscribe',
    type: 'application/json',
    body: `{"event":"lobby:booked","url":"https://hooks.example.com/a","filter":${deep(5000)}}`,
  },
  want: invalid('v0'),
});
// token.revoke is documented without a body, so added after the loops over documented bodies; one
// that cannot be read is refused before anything is revoked. The GET operations (list, token.info,
// authorize, metadata) take no body a client can send.
OPERATIONS['v1 token.revoke'] = {
  path: '/v1/token.revoke',
  generation: 'v1',
  type: 'application/json',
  sample: '{}',
};
for (const [name, type, body] of [
  ['JSON nested 5,000 levels', 'application/json', deep(5000)],
  ['repeated form fields', 'application/x-www-form-urlencoded', 'a=1&a=1'],
  ['a body over 1 MiB', 'application/json', `"${'a'.repeat(MAX_BODY_BYTES)}"`],
] as const) {
  add(name, { given: { operation: 'v1 token.revoke', type, body }, want: invalid('v1') });
}
// SUB-05: v0 unsubscribe's one field, named like prototype members.
for (const name of PROTOTYPE_NAMES) {
  add(`a form field named ${name} and no id`, {
    given: {
      operation: 'v0 unsubscribe',
      type: 'application/x-www-form-urlencoded',
      body: `${encodeURIComponent(name)}=x`,
    },
    want: invalid('v0'),
  });
}
// An empty object is a body whose fields are missing: the reference server says which; the mock
// answers v1 subscribe and unsubscribe, whose shapes the specification leaves open, through Prism.
add('an empty object', {
  given: { operation: 'v0 subscribe', type: 'application/json', body: '{}' },
  want: invalid('v0'),
});
add('an empty object', {
  given: { operation: 'v1 subscribe', type: 'application/json', body: '{}' },
  want: { status: 400, code: 'missing_parameter' },
  mock: 'any 4xx or 2xx',
});
add('an empty object', {
  given: { operation: 'v1 unsubscribe', type: 'application/json', body: '{}' },
  want: { status: 400, code: 'missing_parameter' },
  mock: 'any 4xx or 2xx',
});
add('an empty object', {
  given: { operation: 'v1 postEphemeral', type: 'application/json', body: '{}' },
  want: { status: 400, code: 'missing_parameter' },
});
// The document types `id` as a string, so the front refuses an object there as invalid.
add('an id that is no string', {
  given: { operation: 'v1 unsubscribe', type: 'application/json', body: '{"id":{"__proto__":1}}' },
  want: { status: 400, code: 'invalid_parameter' },
  mock: 'any 4xx or 2xx',
});

const servers: Record<string, { url: string; token: string; revocable: string }> = {};
const started = useFrontServers();
beforeAll(() => {
  servers.mock = { url: started.mock.url, token: 'mock-2026-08-25', revocable: 'mock-2026-06-01' };
  servers.reference = {
    url: started.reference.url,
    token: 'sk-2026-08-25',
    revocable: 'sk-2026-06-01',
  };
});

describe.each(['reference', 'mock'])('%s', (server) => {
  it.each(rows)('%s', async (_, { given, want, mock }) => {
    const { url, token, revocable } = servers[server]!;
    const operation = OPERATIONS[given.operation]!;
    // A revoke that got through would end the credential: it gets one no other row uses.
    const headers = {
      authorization: `Bearer ${given.operation === 'v1 token.revoke' ? revocable : token}`,
      'content-type': given.type,
    };
    const response = await fetch(`${url}${operation.path}`, {
      method: 'POST',
      headers,
      body: given.body,
    });
    const text = await response.text();
    if (server === 'mock' && mock) return expect(response.status).toBeLessThan(500);
    expect(response.status, text).toBe(want.status);
    const body = JSON.parse(text) as Record<string, unknown>;
    expect(body).toMatchObject(
      operation.generation === 'v0' ? { code: want.code } : { error: want.code },
    );
    expect(text).not.toMatch(/\bat .*\.(?:ts|js):\d+/);
  });
});
