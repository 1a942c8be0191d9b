import type { Diagnostic } from '../diagnostic.js';
import { type JudgedAnswer, checkResponse, readHeader } from './check-response.js';
import { documentKeyOf, documentPathOf } from './document-key.js';
import type { LoadedDocument } from './documents-by-version.js';

/**
 * Every way an answer differs from its document. A v1 answer is judged by the version its
 * `Service-Version` names (VER-03), else by `version` (what the request asked for or resolved to).
 * A 405 to a method the document does not list is not judged: the document cannot describe it.
 */
export function judgeAnswer(
  documents: ReadonlyMap<string, LoadedDocument>,
  answer: JudgedAnswer,
  version: string,
): Diagnostic[] {
  const named = readHeader(answer.headers, 'service-version') ?? version;
  const loaded = documents.get(documentKeyOf(answer.path, named));
  if (!loaded)
    return [
      {
        rule: 'undocumented_operation',
        severity: 'error',
        message: `no document for version "${named}"`,
        location: 'header Service-Version',
      },
    ];
  const found = checkResponse(loaded.document, loaded.validator, {
    ...answer,
    path: documentPathOf(answer.path),
  });
  if (answer.status === 405 && found.every((d) => d.rule === 'undocumented_operation')) return [];
  return found;
}
