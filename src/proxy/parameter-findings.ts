import type { IncomingMessage } from 'node:http';
import { type Diagnostic, diagnostic } from '../diagnostic.js';
import type { OpenApiDocument } from '../documents.js';
import { resolveLocal } from '../openapi/operations.js';
import { type DocumentValidator, pointer } from '../validation/document-validator.js';
import type { Generation } from '../validation/document-key.js';

export interface OperationContext {
  document: OpenApiDocument;
  validator: DocumentValidator;
  generation: Generation;
  path: string;
  method: string;
  operation: Record<string, any>;
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
}

/**
 * The operation's query and header parameters against the request: a required one missing
 * (`missing_parameter` on v1, as a missing body field), one whose value its schema refuses.
 * `Service-Version` is left to version negotiation (VER-04), which answers it in its own shape.
 * A repeated query field is already a finding of the request rules: no query is judged then.
 */
export function parameterFindings(
  context: OperationContext,
  query: Record<string, string> | undefined,
  headers: IncomingMessage['headers'],
): Diagnostic[] {
  const findings: Diagnostic[] = [];
  const invalidCode = context.generation === 'auth' ? 'invalid_request' : 'invalid_parameter';
  const listed = (context.operation.parameters ?? []) as unknown[];
  for (const [index, entry] of listed.entries()) {
    const { value: parameter, location } = resolveLocal<Parameter>(context.document, entry);
    const where = parameter.in === 'query' ? `query ${parameter.name}` : `header ${parameter.name}`;
    const value = valueOf(parameter, query, headers);
    if (value === null) continue;
    if (value === undefined) {
      if (!parameter.required) continue;
      const rule = context.generation === 'v1' ? 'missing_parameter' : invalidCode;
      findings.push(diagnostic(rule, `${where} is required`, { location: where }));
      continue;
    }
    const at = location ?? ['paths', context.path, context.method, 'parameters', index];
    for (const error of context.validator.validate(pointer([...at, 'schema']), value))
      findings.push(
        diagnostic(invalidCode, `${where} ${error.message ?? 'is invalid'}`, { location: where }),
      );
  }
  return findings;
}

/** The parameter's value as sent; null when it is not one this judges. */
function valueOf(
  parameter: Parameter,
  query: Record<string, string> | undefined,
  headers: IncomingMessage['headers'],
): string | undefined | null {
  if (parameter.in === 'query') return query ? query[parameter.name] : null;
  if (parameter.in !== 'header') return null;
  const name = parameter.name.toLowerCase();
  if (name === 'service-version') return null;
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}
