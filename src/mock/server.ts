import type { IncomingMessage, ServerResponse } from 'node:http';
import { createFront } from '../http/front.js';
import { writeJson } from '../http/http-io.js';
import { internalError } from '../http/internal-error.js';
import { isIndexRequest, writeIndexPage } from '../http/index-page.js';
import { listen } from '../http/listen.js';
import { type LoadedDocument, loadDocumentsByVersion } from '../validation/documents-by-version.js';
import { type VersionRegistry, loadVersionRegistry } from '../versions.js';
import { type MockConfig, defaultConfig } from './config.js';
import type { HttpAnswer } from '../http-answer.js';
import { type EngineRequest, createPrismEngine } from './prism-engine.js';

interface ServedDocument extends LoadedDocument {
  answer: (request: EngineRequest) => Promise<HttpAnswer>;
}

/** Headers Prism fills with placeholder values; the front sets the real ones (VER-03, VER-05). */
const VERSION_HEADERS = ['service-version', 'deprecation', 'sunset'];

/**
 * The versioned mock: `/v0/*`, `/v1/*` and the OAuth endpoints on one port, answered by Prism from
 * the bundled documents, with the spec's versioning, authentication and error rules in front.
 */
export async function createMockHandler(
  config: MockConfig = defaultConfig(),
  registry: VersionRegistry = loadVersionRegistry(),
) {
  const documents = new Map<string, ServedDocument>();
  for (const [key, loaded] of loadDocumentsByVersion())
    documents.set(key, { ...loaded, answer: await createPrismEngine(loaded.document) });
  const front = createFront(config, registry, documents);
  const index = {
    server: 'Service API mock',
    registry,
    overrides: config.versions,
    documents,
    tokens: config.tokens,
  };

  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (isIndexRequest(req)) return writeIndexPage(req, res, index);
    const checked = await front(req);
    if (checked.kind === 'answer')
      return writeJson(res, checked.status, checked.headers, checked.body);
    const { request, headers } = checked;
    let answer: HttpAnswer;
    try {
      answer = await documents.get(request.documentKey)!.answer({
        method: request.method,
        path: request.path,
        query: request.query,
        headers: stringHeaders(req),
        body: request.body,
      });
    } catch (error) {
      const failed = internalError('mock', req, error, request.generation, headers);
      return writeJson(res, failed.status, failed.headers, failed.body);
    }
    for (const [name, value] of Object.entries(answer.headers ?? {})) {
      if (!VERSION_HEADERS.includes(name.toLowerCase())) headers[name.toLowerCase()] = value;
    }
    writeJson(res, answer.status, headers, answer.body);
  };
}

function stringHeaders(req: IncomingMessage): Record<string, string> {
  return Object.fromEntries(
    Object.entries(req.headers).map(([name, value]) => [
      name,
      Array.isArray(value) ? value.join(', ') : (value ?? ''),
    ]),
  );
}

/** Starts the mock on 127.0.0.1 (port 0 picks a free one); `close` stops it. */
export async function startMock(
  options: { port?: number; host?: string; config?: MockConfig } = {},
) {
  return listen(await createMockHandler(options.config), options, 'mock');
}
