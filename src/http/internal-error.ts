import type { IncomingMessage } from 'node:http';
import type { Generation } from '../validation/document-key.js';
import { failureLine } from './listen.js';
import { errorBody } from './spec-error.js';

/**
 * The answer to a request whose handler threw after the front passed it: 500 in its generation's
 * shape, with the headers the front decided (on /v1, `Service-Version`: every v1 answer names
 * its version, VER-03, a failure included). Logged without the stack, as `listen` logs.
 */
export function internalError(
  name: string,
  req: IncomingMessage,
  error: unknown,
  generation: Generation,
  headers: Record<string, string>,
) {
  console.error(failureLine(name, req, error));
  return {
    status: 500,
    headers,
    body: errorBody(generation, { status: 500, code: 'internal_error' }),
  };
}
