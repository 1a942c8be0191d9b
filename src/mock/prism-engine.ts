import { createLogger } from '@stoplight/prism-core';
import {
  type IHttpConfig,
  type IHttpRequest,
  ProblemJsonError,
  createInstance,
  getHttpOperationsFromSpec,
} from '@stoplight/prism-http';
import { getHttpConfigFromRequest } from '@stoplight/prism-http-server/dist/getHttpConfigFromRequest.js';
import * as E from 'fp-ts/lib/Either.js';
import type { OpenApiDocument } from '../documents.js';
import type { HttpAnswer } from '../http-answer.js';

/** A request as the mock hands it to Prism: the path is relative to the document's server. */
export interface EngineRequest {
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  headers: Record<string, string>;
  body: unknown;
}

// Static examples (`Prefer: example=` and `code=` still choose); requests are checked before Prism
// sees them, so Prism neither validates nor checks security again.
const CONFIG: IHttpConfig = {
  mock: { dynamic: false },
  checkSecurity: false,
  validateRequest: false,
  validateResponse: false,
  errors: false,
  upstreamProxy: undefined,
  isProxy: false,
};

/**
 * Prism answering for one bundled document, in this process. Give it bundled documents only:
 * on an unbundled one a `$ref` into another file silently disables Prism's validation.
 */
export async function createPrismEngine(
  document: OpenApiDocument,
): Promise<(request: EngineRequest) => Promise<HttpAnswer>> {
  const operations = await getHttpOperationsFromSpec(structuredClone(document));
  const logger = createLogger('mock', { level: 'silent' });
  const prism = createInstance(CONFIG, { logger });
  return async (request) => {
    const input: IHttpRequest = {
      method: request.method.toLowerCase() as IHttpRequest['method'],
      url: { path: request.path, query: request.query },
      headers: request.headers,
      body: request.body,
    };
    // `Prefer: code=..., example=...` picks the response, as with Prism's own server.
    const preferences = getHttpConfigFromRequest(input);
    if (E.isLeft(preferences)) return problem(preferences.left);
    const config = { ...CONFIG, mock: { ...CONFIG.mock, ...preferences.right } } as IHttpConfig;
    const result = await prism.request(input, operations, config)();
    if (E.isLeft(result)) return problem(result.left as ProblemJsonError);
    const { statusCode, headers = {}, body } = result.right.output;
    return { status: statusCode, headers: headers as Record<string, string>, body };
  };
}

function problem(error: ProblemJsonError & { status?: number }): HttpAnswer {
  return {
    status: error.status ?? 500,
    headers: { 'content-type': 'application/problem+json' },
    body: ProblemJsonError.toProblemJson(error),
  };
}
