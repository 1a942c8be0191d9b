import { type Callback, callbackIsHttps } from './callback.js';
import { plainHttpDestinations } from '../profile/profile-facts.js';
import type { Profile } from '../profile/profile.js';

/**
 * Why the implementation cannot deliver to the suite's receiver, or undefined when it can be
 * tried. SUB-03: "HTTPS required outside local environments". A receiver reached over HTTPS (a
 * `--callback-url https://...`, or the receiver's own TLS) needs no plain-HTTP destination,
 * whatever the profile says of them. Over plain HTTP only the profile's `none` rules deliveries
 * out: which hosts `local` takes is the implementation's own idea of local.
 */
export function receiverUnreachable(profile: Profile, callback: Callback = {}): string | undefined {
  if (callbackIsHttps(callback)) return undefined;
  if (plainHttpDestinations(profile) !== 'none') return undefined;
  const where = callback.url ? `at ${callback.url} over plain HTTP` : 'on loopback over plain HTTP';
  return `the profile says the implementation takes no plain-HTTP destinations (plainHttpDestinations: none), and the suite's receiver is reached ${where}; give an https --callback-url (a tunnel or load balancer in front of the receiver, or its own --callback-cert and --callback-key), or run your implementation as a local environment, which takes plain-HTTP and loopback destinations (SUB-03)`;
}
