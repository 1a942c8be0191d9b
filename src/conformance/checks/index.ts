import type { Check } from '../check.ts';
import { auth01MissingCredential } from './auth-01-missing-credential.ts';
import { sub02Upsert } from './sub-02-upsert.ts';
import { sub05Unsubscribe } from './sub-05-unsubscribe.ts';
import { ver02VersionResolution } from './ver-02-version-resolution.ts';
import { ver03VersionHeader } from './ver-03-version-header.ts';
import { ver04UnsupportedVersion } from './ver-04-unsupported-version.ts';

/** Every conformance check, in the order they run. */
export const CHECKS: readonly Check[] = [
  ver02VersionResolution,
  ver03VersionHeader,
  ver04UnsupportedVersion,
  auth01MissingCredential,
  sub02Upsert,
  sub05Unsubscribe,
];
