import type { OpenApiDocument } from '../../src/documents.ts';
import { type OperationEntry, listOperations, resolveLocal } from '../../src/openapi/operations.ts';

/** One request to send to stock Prism, and what the document says it must answer. */
export interface Exchange {
  label: string;
  method: string;
  /** The path with its query, relative to the document's server (Prism serves paths at its root). */
  target: string;
  headers: Record<string, string>;
  body?: string;
  status: number;
  /** The example the answer must carry, when the exchange names one (or the default is known). */
  example?: unknown;
  /** Keys from the document root to the response object Prism must answer with. */
  response: string[];
}

/**
 * Every answer a generic tool can ask stock Prism for by the document alone: each named example of
 * each response (`Prefer: code=<status>, example=<name>`), the default answer to the operation's
 * first request example, and, for an operation that needs a Bearer credential, the answer to the
 * same request without one, which must be the first 401 example, `not_authed` (AUTH-01).
 */
export function prismExchanges(document: OpenApiDocument): Exchange[] {
  const exchanges: Exchange[] = [];
  for (const entry of listOperations(document)) {
    if (entry.kind !== 'path') continue;
    const request = baseRequest(document, entry);
    const label = `${entry.method.toUpperCase()} ${entry.name}`;
    const responses = Object.entries((entry.operation.responses ?? {}) as Record<string, unknown>);
    for (const [status, raw] of responses) {
      const { value: response, location } = resolveLocal(document, raw);
      const at = location ?? [...entry.location, 'responses', status];
      for (const [name, example] of Object.entries(jsonExamples(document, response))) {
        exchanges.push({
          ...request,
          label: `${label} ${status} example=${name}`,
          headers: { ...request.headers, prefer: `code=${status}, example=${name}` },
          status: Number(status),
          example,
          response: at,
        });
      }
    }
    const success = responses.find(([status]) => /^2/.test(status));
    if (success) exchanges.push(defaultExchange(document, entry, request, label, success));
    if (!needsBearer(entry.operation)) continue;
    const { value: unauthorized, location } = resolveLocal(
      document,
      entry.operation.responses['401'],
    );
    const { authorization: _, ...anonymous } = request.headers;
    exchanges.push({
      ...request,
      label: `${label} without a credential`,
      headers: anonymous,
      status: 401,
      // Prism answers the first example; it must be the one named `not_authed` (null, which no
      // answer equals, when there is none).
      example: jsonExamples(document, unauthorized).not_authed ?? null,
      response: location ?? [...entry.location, 'responses', '401'],
    });
  }
  return exchanges;
}

type BaseRequest = Pick<Exchange, 'method' | 'target' | 'headers' | 'body'>;

/** The operation's first request example, its required query parameters, and a Bearer token. */
function baseRequest(document: OpenApiDocument, entry: OperationEntry): BaseRequest {
  const { operation } = entry;
  const headers: Record<string, string> = { accept: 'application/json, */*' };
  if (needsBearer(operation)) headers.authorization = 'Bearer any-token';
  const query = new URLSearchParams();
  for (const raw of operation.parameters ?? []) {
    const parameter = resolveLocal(document, raw).value;
    if (parameter.in !== 'query' || !parameter.required) continue;
    query.set(parameter.name, String(parameter.example ?? parameter.schema?.const ?? 'x'));
  }
  const content = resolveLocal(document, operation.requestBody).value?.content ?? {};
  const [mediaType, media] = Object.entries(content as Record<string, any>)[0] ?? [];
  const example = media && Object.values(media.examples ?? {})[0];
  const value = example ? resolveLocal<{ value: unknown }>(document, example).value.value : {};
  if (mediaType) headers['content-type'] = mediaType;
  const body = !mediaType
    ? undefined
    : mediaType === 'application/x-www-form-urlencoded'
      ? new URLSearchParams(value as Record<string, string>).toString()
      : JSON.stringify(value);
  const search = query.toString();
  const target = search ? `${entry.name}?${search}` : entry.name;
  return { method: entry.method.toUpperCase(), target, headers, body };
}

/** Prism's answer to a request it accepts, asking nothing: the first success response. */
function defaultExchange(
  document: OpenApiDocument,
  entry: OperationEntry,
  request: BaseRequest,
  label: string,
  [status, raw]: [string, unknown],
): Exchange {
  const { location } = resolveLocal(document, raw);
  return {
    ...request,
    label: `${label} by default`,
    status: Number(status),
    response: location ?? [...entry.location, 'responses', status],
  };
}

/** The named examples of a response's JSON body, by name. */
function jsonExamples(document: OpenApiDocument, response: Record<string, any>) {
  const examples = (response?.content?.['application/json']?.examples ?? {}) as Record<
    string,
    unknown
  >;
  return Object.fromEntries(
    Object.entries(examples).map(([name, example]) => [
      name,
      resolveLocal<{ value: unknown }>(document, example).value.value,
    ]),
  );
}

/** Whether every way to call the operation sends a Bearer credential (AUTH-01). */
function needsBearer(operation: Record<string, any>): boolean {
  const security = (operation.security ?? []) as Array<Record<string, unknown>>;
  return security.length > 0 && security.every((requirement) => 'bearer' in requirement);
}
