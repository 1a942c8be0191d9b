import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HTTP_METHODS } from '../openapi/operations.ts';
import { type LoadedDocument, loadDocumentsByVersion } from '../validation/documents-by-version.ts';
import { type VersionRegistry, loadVersionRegistry } from '../versions.ts';
import { checkAccess, checkBody } from './check-request.ts';
import { type MockConfig, defaultConfig } from './config.ts';
import { decodeBody, mediaTypeOf, readBody, writeJson } from './http-io.ts';
import { type EngineAnswer, type EngineRequest, createPrismEngine } from './prism-engine.ts';
import { resolveVersion } from './resolve-version.ts';
import { type SpecError, errorBody } from './spec-error.ts';

type Generation = 'v0' | 'v1' | 'auth';

interface ServedDocument extends LoadedDocument {
  answer: (request: EngineRequest) => Promise<EngineAnswer>;
}

/** Headers Prism fills with placeholder values; the router sets the real ones (VER-03, VER-05). */
const VERSION_HEADERS = ['service-version', 'deprecation', 'sunset'];

/**
 * The versioned mock: `/v0/*`, `/v1/*` and the OAuth endpoints on one port, answered by Prism from
 * the bundled documents, with the spec's versioning, authentication and error rules in front.
 */
export async function createMockHandler(config: MockConfig = defaultConfig(), registry: VersionRegistry = loadVersionRegistry()) {
  const documents = new Map<string, ServedDocument>();
  for (const [key, loaded] of loadDocumentsByVersion()) documents.set(key, { ...loaded, answer: await createPrismEngine(loaded.document) });

  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://mock.invalid');
    const generation: Generation = url.pathname.startsWith('/v0/') ? 'v0' : url.pathname.startsWith('/v1/') ? 'v1' : 'auth';
    const path = generation === 'auth' ? url.pathname : url.pathname.slice(3);
    const headers: Record<string, string> = {};
    const fail = (error: SpecError) => writeJson(res, error.status, headers, errorBody(generation, error));

    const bearer = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const token = bearer === undefined ? undefined : config.tokens[bearer];
    let documentKey: string = generation;
    if (generation === 'v1') {
      const resolution = resolveVersion(header(req, 'service-version'), token, registry, config);
      headers['Service-Version'] = resolution.version;
      if (resolution.kind === 'unsupported') return fail({ status: 400, body: { supportedVersions: resolution.supported } });
      if (resolution.kind === 'sunset') return fail({ status: 410, code: 'version_sunset' });
      if (resolution.deprecated) {
        headers.Deprecation = 'true';
        if (resolution.deprecated.sunset) headers.Sunset = new Date(`${resolution.deprecated.sunset}T00:00:00Z`).toUTCString();
      }
      documentKey = resolution.version;
    }
    const loaded = documents.get(documentKey)!;
    if (generation !== 'auth') {
      if (bearer === undefined) return fail({ status: 401, code: 'not_authed' });
      if (!token) return fail({ status: 401, code: 'invalid_token' });
      if (token.revoked) return fail({ status: 401, code: 'token_revoked' });
    }

    const item = loaded.document.paths?.[path] as Record<string, any> | undefined;
    if (!item) return fail({ status: 404, code: 'unknown_method' });
    const method = (req.method ?? 'GET').toLowerCase();
    const operation = HTTP_METHODS.includes(method as never) ? item[method] : undefined;
    if (!operation) {
      headers.Allow = HTTP_METHODS.filter((m) => item[m]).join(', ').toUpperCase();
      return fail({ status: 405, code: 'method_not_allowed' });
    }

    const read = await readBody(req);
    // An oversized body gets the operation's own answer: 413 where it documents one (EPH-03).
    if (!read.ok) return fail(operation.responses?.['413'] ? { status: 413, code: 'msg_too_long' } : { status: 400, code: generation === 'auth' ? 'invalid_request' : 'invalid_parameter' });
    const mediaType = mediaTypeOf(req.headers['content-type']);
    const decoded = decodeBody(read.raw, mediaType);
    if (!decoded) return fail({ status: 400, code: generation === 'auth' ? 'invalid_request' : 'invalid_parameter' });
    const context = { ...loaded, generation, path, method, operation, token, mediaType, body: decoded.value, avatarHosts: config.avatarHosts };
    const refused = checkAccess(context) ?? checkBody(context);
    if (refused) return fail(refused);

    const answer = await loaded.answer({ method, path, query: Object.fromEntries(url.searchParams), headers: stringHeaders(req), body: decoded.value });
    for (const [name, value] of Object.entries(answer.headers)) {
      if (!VERSION_HEADERS.includes(name.toLowerCase())) headers[name.toLowerCase()] = value;
    }
    writeJson(res, answer.status, headers, answer.body);
  };
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function stringHeaders(req: IncomingMessage): Record<string, string> {
  return Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : (value ?? '')]));
}

/** Starts the mock on 127.0.0.1 (port 0 picks a free one); `close` stops it. */
export async function startMock(options: { port?: number; host?: string; config?: MockConfig } = {}) {
  const handler = await createMockHandler(options.config);
  const server = createServer((req, res) => {
    handler(req, res).catch((error: Error) => {
      // A crash would be a defect: answer 500 in the spec's shape and keep serving.
      console.error(`mock: ${error.stack ?? error.message}`);
      if (!res.headersSent) writeJson(res, 500, {}, { error: 'internal_error' });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://${options.host ?? '127.0.0.1'}:${port}`, server, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
