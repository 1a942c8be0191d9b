import type { LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { describe, expect, it } from 'vitest';
import { DestinationRefusedError, checkedLookup } from '../../src/reference/deliveries/attempt.ts';
import {
  MAX_DESTINATION_LENGTH,
  addressProblem,
  destinationProblem,
} from '../../src/reference/destination-url.ts';

// SUB-03's one destination policy through the library API: every notation of a refused address,
// with and without the local-environment opt-in.
const STRICT = { allowLocal: false };
const LOCAL = { allowLocal: true };

type Row = [string, { given: string; strict: RegExp | undefined; local: RegExp | undefined }];
const refusedAlways = (name: string, given: string, why: RegExp): Row => [
  name,
  { given, strict: why, local: why },
];
const localOnly = (name: string, given: string, why: RegExp): Row => [
  name,
  { given, strict: why, local: undefined },
];

const rows: Row[] = [
  [
    'a public HTTPS URL',
    { given: 'https://hooks.example.com/a', strict: undefined, local: undefined },
  ],
  [
    'a public IPv4 literal',
    { given: 'https://93.184.215.14/a', strict: undefined, local: undefined },
  ],
  [
    'a public IPv6 literal',
    { given: 'https://[2606:4700::1111]/a', strict: undefined, local: undefined },
  ],
  [
    '172.32.0.1, just past 172.16/12',
    { given: 'https://172.32.0.1/a', strict: undefined, local: undefined },
  ],
  localOnly('loopback 127.0.0.1', 'https://127.0.0.1/a', /loopback/),
  localOnly('loopback anywhere in 127/8', 'https://127.255.0.9/a', /loopback/),
  localOnly('loopback in decimal', 'https://2130706433/a', /127\.0\.0\.1 is a loopback/),
  localOnly('loopback in hex', 'https://0x7f.0x0.0x0.0x1/a', /127\.0\.0\.1 is a loopback/),
  localOnly('loopback in octal', 'https://0177.0.0.01/a', /127\.0\.0\.1 is a loopback/),
  localOnly('loopback in short form', 'https://127.1/a', /127\.0\.0\.1 is a loopback/),
  localOnly('loopback ::1', 'https://[::1]/a', /loopback/),
  localOnly('loopback IPv4-mapped', 'https://[::ffff:127.0.0.1]/a', /loopback/),
  localOnly('loopback IPv4-mapped in hex', 'https://[0:0:0:0:0:ffff:7f00:1]/a', /loopback/),
  localOnly('localhost', 'https://localhost/a', /loopback/),
  localOnly('a .localhost name with a trailing dot', 'https://hooks.localhost./a', /loopback/),
  localOnly('private 10/8', 'https://10.1.2.3/a', /private/),
  localOnly('private 172.16/12', 'https://172.31.255.254/a', /private/),
  localOnly('private 192.168/16', 'https://192.168.0.10/a', /private/),
  localOnly('CGNAT 100.64/10', 'https://100.127.0.1/a', /private/),
  localOnly('unique local fc00::/7', 'https://[fd12:3456::1]/a', /private/),
  localOnly('private IPv4-mapped', 'https://[::ffff:10.0.0.1]/a', /private/),
  localOnly('private through NAT64', 'https://[64:ff9b::a00:1]/a', /private/),
  refusedAlways('link-local 169.254/16', 'https://169.254.10.20/a', /link-local/),
  refusedAlways('link-local fe80::/10', 'https://[fe80::1]/a', /link-local/),
  refusedAlways('the metadata address', 'https://169.254.169.254/latest/meta-data/', /metadata/),
  refusedAlways('the metadata address in decimal', 'https://2852039166/', /metadata/),
  refusedAlways('the metadata address in hex', 'https://0xa9.0xfe.0xa9.0xfe/', /metadata/),
  refusedAlways(
    'the metadata address IPv4-mapped',
    'https://[::ffff:169.254.169.254]/',
    /metadata/,
  ),
  refusedAlways('the metadata address through 6to4', 'https://[2002:a9fe:a9fe::1]/', /metadata/),
  refusedAlways('the IPv6 metadata address', 'https://[fd00:ec2::254]/', /metadata/),
  refusedAlways(
    'the metadata name',
    'https://metadata.google.internal/computeMetadata/v1/',
    /metadata/,
  ),
  refusedAlways(
    'the metadata name in capitals with a dot',
    'https://METADATA.google.internal./x',
    /metadata/,
  ),
  refusedAlways('unspecified 0.0.0.0', 'https://0.0.0.0/a', /unspecified/),
  refusedAlways('unspecified as 0', 'https://0/a', /unspecified/),
  refusedAlways('unspecified ::', 'https://[::]/a', /unspecified/),
  refusedAlways('multicast', 'https://224.0.0.1/a', /multicast/),
  refusedAlways('broadcast', 'https://255.255.255.255/a', /broadcast/),
  refusedAlways('credentials', 'https://user:pass@hooks.example.com/a', /credentials/),
  refusedAlways('a user alone', 'https://user@hooks.example.com/a', /credentials/),
  refusedAlways(
    'a carriage return and line feed',
    'https://hooks.example.com/a\r\nX-Injected: 1',
    /control/,
  ),
  refusedAlways('a tab, which URL parsers drop', 'https://hooks.exa\tmple.com/a', /control/),
  refusedAlways('a NUL', 'https://hooks.example.com/\u0000', /control/),
  refusedAlways(
    'a backslash, which URL parsers read as a slash',
    'https://hooks.example.com\\@127.0.0.1/a',
    /backslash/,
  ),
  refusedAlways('a space', 'https://hooks.example.com/a b', /spaces/),
  refusedAlways(
    `${MAX_DESTINATION_LENGTH + 1} characters`,
    `https://hooks.example.com/${'a'.repeat(MAX_DESTINATION_LENGTH + 1 - 'https://hooks.example.com/'.length)}`,
    /over 1024/,
  ),
  refusedAlways('a relative URL', '/hooks/a', /absolute/),
  refusedAlways('another scheme', 'ftp://hooks.example.com/a', /HTTPS/),
  refusedAlways('file', 'file:///etc/passwd', /HTTPS/),
  refusedAlways('plain HTTP to a public name', 'http://hooks.example.com/a', /HTTPS/),
  localOnly('plain HTTP to loopback', 'http://127.0.0.1:8080/a', /loopback/),
  localOnly('plain HTTP to localhost', 'http://localhost:8080/a', /loopback/),
  localOnly('plain HTTP to a private address', 'http://192.168.1.5/a', /private/),
];

describe('destinationProblem', () => {
  it(`accepts exactly ${MAX_DESTINATION_LENGTH} characters`, () => {
    const url = `https://hooks.example.com/${'a'.repeat(MAX_DESTINATION_LENGTH - 'https://hooks.example.com/'.length)}`;
    expect([url.length, destinationProblem(url)]).toEqual([MAX_DESTINATION_LENGTH, undefined]);
  });

  it.each(rows)('%s', (_, { given, strict, local }) => {
    const [withoutOptIn, withOptIn] = [
      destinationProblem(given, STRICT),
      destinationProblem(given, LOCAL),
    ];
    if (strict) expect(withoutOptIn).toMatch(strict);
    else expect(withoutOptIn).toBeUndefined();
    if (local) expect(withOptIn).toMatch(local);
    else expect(withOptIn).toBeUndefined();
  });
});

describe('addressProblem: resolved addresses', () => {
  it.each([
    ['127.0.0.1', { given: '127.0.0.1', strict: /loopback/, local: undefined }],
    ['::ffff:7f00:1', { given: '::ffff:7f00:1', strict: /loopback/, local: undefined }],
    ['10.9.8.7', { given: '10.9.8.7', strict: /private/, local: undefined }],
    ['169.254.169.254', { given: '169.254.169.254', strict: /metadata/, local: /metadata/ }],
    ['fe80::abcd', { given: 'fe80::abcd', strict: /link-local/, local: /link-local/ }],
    ['8.8.8.8', { given: '8.8.8.8', strict: undefined, local: undefined }],
    [
      'a name is no address',
      { given: 'hooks.example.com', strict: /not an IP/, local: /not an IP/ },
    ],
  ] as const)('%s', (_, { given, strict, local }) => {
    const [withoutOptIn, withOptIn] = [addressProblem(given, STRICT), addressProblem(given, LOCAL)];
    if (strict) expect(withoutOptIn).toMatch(strict);
    else expect(withoutOptIn).toBeUndefined();
    if (local) expect(withOptIn).toMatch(local);
    else expect(withOptIn).toBeUndefined();
  });
});

describe('checkedLookup: the addresses a name resolves to', () => {
  const resolvingTo =
    (addresses: LookupAddress[]): LookupFunction =>
    (_host, _options, callback) =>
      (callback as (e: null, a: LookupAddress[]) => void)(null, addresses);
  const run = (lookup: LookupFunction, all: boolean) =>
    new Promise<{ error: Error | null; address: unknown; family?: number }>((resolve) => {
      checkedLookup(STRICT, lookup)('hooks.example.com', { all }, (error, address, family) =>
        resolve({ error, address, family }),
      );
    });

  it.each([
    [
      'one public address, asked for one',
      {
        given: [{ address: '93.184.215.14', family: 4 }],
        all: false,
        want: { error: null, address: '93.184.215.14', family: 4 },
      },
    ],
    [
      'one public address, asked for all',
      {
        given: [{ address: '93.184.215.14', family: 4 }],
        all: true,
        want: { error: null, address: [{ address: '93.184.215.14', family: 4 }] },
      },
    ],
  ] as const)('%s is given through', async (_, { given, all, want }) => {
    expect(await run(resolvingTo([...given]), all)).toMatchObject(want);
  });

  it.each([
    ['loopback', { given: [{ address: '127.0.0.1', family: 4 }], why: /loopback/ }],
    [
      'the metadata address',
      { given: [{ address: '169.254.169.254', family: 4 }], why: /metadata/ },
    ],
    [
      'a public and a private address',
      {
        given: [
          { address: '93.184.215.14', family: 4 },
          { address: '10.0.0.5', family: 4 },
        ],
        why: /10\.0\.0\.5 is a private/,
      },
    ],
    [
      'IPv4-mapped loopback',
      { given: [{ address: '::ffff:127.0.0.1', family: 6 }], why: /loopback/ },
    ],
    ['no address', { given: [], why: /no address/ }],
  ] as const)('%s is refused', async (_, { given, why }) => {
    for (const all of [true, false]) {
      const { error } = await run(resolvingTo([...given]), all);
      expect(error).toBeInstanceOf(DestinationRefusedError);
      expect(error!.message).toMatch(why);
    }
  });

  it('passes a resolver error through', async () => {
    const failing: LookupFunction = (_host, _options, callback) =>
      callback(Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' }), '', 0);
    expect((await run(failing, true)).error).toMatchObject({ code: 'ENOTFOUND' });
  });
});
