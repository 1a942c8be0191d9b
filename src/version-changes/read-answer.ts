import { type Diagnostic, diagnostic } from '../diagnostic.js';
import type { HttpAnswer } from '../http-answer.js';
import { versionPlace } from '../versions.js';
import { toBase } from './apply.js';
import { type ShapeTarget } from './instruction.js';
import { shapeFindings } from './findings.js';
import { isRecord } from '../is-record.js';

type Fields = Record<string, unknown>;

/**
 * Where declared shape changes apply to an answer: a v1 path's 2xx JSON object, at the version the
 * answer names in `Service-Version` (VER-03), else `version`; undefined for any other answer.
 */
function shapeOf(
  path: string,
  version: string,
  answer: HttpAnswer,
): { target: ShapeTarget; at: string; body: Fields } | undefined {
  const { status, body } = answer;
  if (!path.startsWith('/v1/') || status < 200 || status > 299) return undefined;
  if (!isRecord(body)) return undefined;
  const named = answer.headers?.['service-version'];
  const at = typeof named === 'string' && versionPlace(named) >= 0 ? named : version;
  return { target: { path: path.slice('/v1'.length).split('?')[0]! }, at, body };
}

/**
 * A v1 answer's 2xx body read back in the names before any declared shape change
 * (openapi/versions.yaml, `instructions`). The same answer where nothing changed, else a copy.
 */
export function readAnswerIn<T extends HttpAnswer>(path: string, version: string, answer: T): T {
  const shape = shapeOf(path, version, answer);
  if (!shape) return answer;
  const read = toBase(shape.target, shape.at, shape.body);
  return read === shape.body ? answer : { ...answer, body: read };
}

/** Where an answer keeps a form its version's declared shape changes replaced, or shows one early. */
export function answerShapeDiagnostics(
  path: string,
  version: string,
  answer: HttpAnswer,
): Diagnostic[] {
  const shape = shapeOf(path, version, answer);
  if (!shape) return [];
  return shapeFindings(shape.target, shape.at, shape.body).map(({ change, message, field }) =>
    diagnostic('declared_shape', `the answer at ${shape.at} ${message}`, {
      requirement: change.requirements[0]!,
      location: `body/${field}`,
    }),
  );
}
