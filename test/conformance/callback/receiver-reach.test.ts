import { describe, expect, it } from 'vitest';
import type { Callback } from '../../../src/conformance/callback/callback.ts';
import type { Profile } from '../../../src/conformance/profile/profile.ts';
import { receiverUnreachable } from '../../../src/conformance/callback/receiver-reach.ts';
import { seedWorkspace } from '../../../src/reference/fixtures.ts';
import { profileOf } from '../../../src/reference/profile.ts';

const profile = profileOf('http://127.0.0.1:4030', seedWorkspace());
const declaring = (plain: Profile['plainHttpDestinations']): Profile => ({
  ...profile,
  plainHttpDestinations: plain,
});
const tls = { cert: 'c', key: 'k' };

// SUB-03: HTTPS needs no plain-HTTP destination; over plain HTTP the profile decides.
describe('receiverUnreachable', () => {
  it.each<[string, { given: [Profile, Callback?]; want: RegExp | undefined }]>([
    ['loopback, the profile takes local', { given: [declaring('local')], want: undefined }],
    ['loopback, the profile takes none', { given: [declaring('none')], want: /on loopback/ }],
    [
      'an https callback URL, whatever the profile says',
      { given: [declaring('none'), { url: 'https://t.example' }], want: undefined },
    ],
    ['the receiver’s own TLS', { given: [declaring('none'), { tls }], want: undefined }],
    [
      'an http callback URL to another host, the profile takes none',
      {
        given: [declaring('none'), { url: 'http://runner:8787' }],
        want: /at http:\/\/runner:8787/,
      },
    ],
    [
      'an http callback URL to another host, the profile takes local: its own call',
      { given: [declaring('local'), { url: 'http://runner:8787' }], want: undefined },
    ],
    [
      'format 2 localDestinations false is none',
      {
        given: [{ ...declaring(undefined), localDestinations: false }],
        want: /give an https --callback-url/,
      },
    ],
  ])('%s', (_, { given, want }) => {
    const reason = receiverUnreachable(...given);
    if (want === undefined) expect(reason).toBeUndefined();
    else expect(reason).toMatch(want);
  });
});
