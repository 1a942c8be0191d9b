import type { RegisteredReceiverCheck } from '../check.js';
import { check as dlv02MissingHeader } from './dlv-02-missing-header.js';
import { check as dlv02TimestampTolerance } from './dlv-02-timestamp-tolerance.js';
import { check as dlv01EveryEvent } from './dlv-01-every-event.js';
import { check as dlv03RawBytes } from './dlv-03-raw-bytes.js';
import { check as dlv03SecretRotation } from './dlv-03-secret-rotation.js';
import { check as dlv03TamperedBody } from './dlv-03-tampered-body.js';
import { check as dlv03UnknownSignatureVersion } from './dlv-03-unknown-signature-version.js';
import { check as dlv03WrongSecret } from './dlv-03-wrong-secret.js';
import { check as dlv04RetryAccepted } from './dlv-04-retry-accepted.js';
import { check as dlv12UnknownFields } from './dlv-12-unknown-fields.js';
import { check as ver08ShapeByVersion } from './ver-08-shape-by-version.js';

/**
 * The receiver suite's checks by id (the id is the file's name), in the order reports list them.
 * The default set is every check but those marked `optIn`, which `--only` must name.
 */
export const RECEIVER_CHECKS: readonly RegisteredReceiverCheck[] = [
  ['dlv-01-every-event', dlv01EveryEvent],
  ['dlv-03-tampered-body', dlv03TamperedBody],
  ['dlv-03-wrong-secret', dlv03WrongSecret],
  ['dlv-02-missing-header', dlv02MissingHeader],
  ['dlv-02-timestamp-tolerance', dlv02TimestampTolerance],
  ['dlv-03-unknown-signature-version', dlv03UnknownSignatureVersion],
  ['dlv-03-secret-rotation', dlv03SecretRotation],
  ['dlv-03-raw-bytes', dlv03RawBytes],
  ['dlv-12-unknown-fields', dlv12UnknownFields],
  ['dlv-04-retry-accepted', dlv04RetryAccepted],
  // Opt-in: the specification does not state it (its description says why); warnings only.
  ['ver-08-shape-by-version', ver08ShapeByVersion],
];
