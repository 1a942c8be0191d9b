import { describe, expect, it } from 'vitest';
import {
  callbackBase,
  callbackIsHttps,
  callbackUrlProblem,
  parseListen,
} from '../../../src/conformance/callback/callback.ts';

describe('parseListen (--callback-listen)', () => {
  it.each([
    ['IPv4 and port', { given: '127.0.0.1:8787', want: { host: '127.0.0.1', port: 8787 } }],
    ['every interface', { given: '0.0.0.0:8787', want: { host: '0.0.0.0', port: 8787 } }],
    ['IPv6 in brackets', { given: '[::]:8787', want: { host: '::', port: 8787 } }],
    ['a host name', { given: 'runner:0', want: { host: 'runner', port: 0 } }],
    ['no port', { given: '0.0.0.0', want: { problem: expect.stringContaining('<host>:<port>') } }],
    [
      'a port over 65535',
      { given: 'a:65536', want: { problem: expect.stringContaining('65535') } },
    ],
    ['brackets around no IPv6', { given: '[1.2.3.4]:1', want: { problem: expect.any(String) } }],
    ['a scheme', { given: 'http://a:1', want: { problem: expect.any(String) } }],
    [
      'a host over 253 characters',
      { given: `${'a'.repeat(254)}:1`, want: { problem: expect.any(String) } },
    ],
  ])('%s', (_, { given, want }) => {
    expect(parseListen(given)).toEqual(want);
  });
});

describe('callbackUrlProblem (--callback-url)', () => {
  it.each([
    ['a tunnel over HTTPS', { given: 'https://abc.trycloudflare.com', want: undefined }],
    ['a CI service hostname over HTTP', { given: 'http://runner:8787', want: undefined }],
    ['a path prefix', { given: 'https://lb.example/suite/', want: undefined }],
    ['another scheme', { given: 'ws://a.example', want: 'http or https' }],
    ['credentials', { given: 'https://u:p@a.example', want: 'credentials' }],
    ['a query', { given: 'https://a.example/x?y=1', want: 'query' }],
    ['an empty query', { given: 'https://a.example/?', want: 'query' }],
    ['a fragment', { given: 'https://a.example/#x', want: 'fragment' }],
    ['an empty fragment', { given: 'https://a.example/#', want: 'fragment' }],
    ['a space', { given: 'https://a.example/a b', want: 'spaces' }],
    ['a host and port without a scheme', { given: 'a.example:8787', want: 'http or https' }],
    ['not a URL', { given: 'runner', want: 'not an absolute URL' }],
    ['over the bound', { given: `https://a.example/${'x'.repeat(990)}`, want: 'over 1000' }],
  ])('%s', (_, { given, want }) => {
    const problem = callbackUrlProblem(given);
    if (want === undefined) expect(problem).toBeUndefined();
    else expect(problem).toContain(want);
  });
});

describe('callbackBase and callbackIsHttps', () => {
  const tls = { cert: 'c', key: 'k' };
  it.each([
    ['the default: loopback over HTTP', { given: {}, base: 'http://127.0.0.1:5000', https: false }],
    ['its own TLS', { given: { tls }, base: 'https://127.0.0.1:5000', https: true }],
    [
      'every interface is reached on loopback',
      { given: { host: '0.0.0.0' }, base: 'http://127.0.0.1:5000', https: false },
    ],
    ['IPv6', { given: { host: '::' }, base: 'http://[::1]:5000', https: false }],
    [
      'a callback URL, its trailing slash dropped',
      { given: { url: 'https://t.example/suite/' }, base: 'https://t.example/suite', https: true },
    ],
    [
      'an HTTP callback URL in front of a TLS receiver: the URL is what the implementation sees',
      { given: { url: 'http://runner:8787', tls }, base: 'http://runner:8787', https: false },
    ],
  ])('%s', (_, { given, base, https }) => {
    expect([callbackBase(given, 5000), callbackIsHttps(given)]).toEqual([base, https]);
  });
});
