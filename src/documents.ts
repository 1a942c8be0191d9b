import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { PROJECT_ROOT } from './project-root.ts';

/** One API of redocly.yaml: what the build lints, bundles and types. */
export interface ApiDocument {
  /** The name in redocly.yaml: `v0`, `auth` or `v1@YYYY-MM-DD`. */
  name: string;
  /** The hand-written root, relative to the project root. */
  root: string;
  /** The dated version of a v1 document; undefined for v0 and auth. */
  version?: string;
  /** The bundled document, relative to generated/. Other tools read these exact paths. */
  bundle: string;
  /** The generated TypeScript types, relative to generated/. */
  types: string;
  /** The precompiled webhook payload validators (CommonJS), relative to generated/. */
  validators: string;
}

const V1_NAME = /^v1@(\d{4}-\d{2}-\d{2})$/;

/** Where a document's generated files go, by its name in redocly.yaml. */
export function generatedNames(name: string): Omit<ApiDocument, 'name' | 'root'> {
  const version = V1_NAME.exec(name)?.[1];
  const stem = version ? `v1/${version}` : name;
  return { version, bundle: `openapi/${stem}.json`, types: `types/${stem}.ts`, validators: `validators/${stem}.cjs` };
}

/** The APIs listed in redocly.yaml, in their order there. */
export function listApiDocuments(root = PROJECT_ROOT): ApiDocument[] {
  const config = parse(readFileSync(join(root, 'redocly.yaml'), 'utf8')) as {
    apis: Record<string, { root: string }>;
  };
  return Object.entries(config.apis).map(([name, api]) => ({ name, root: api.root, ...generatedNames(name) }));
}

/** Reads a committed bundled document. */
export function readBundledDocument(api: ApiDocument, generatedDir = join(PROJECT_ROOT, 'generated')): OpenApiDocument {
  return JSON.parse(readFileSync(join(generatedDir, api.bundle), 'utf8')) as OpenApiDocument;
}

/** The parts of an OpenAPI 3.1 document this toolkit reads; the rest stays untyped. */
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; [key: string]: unknown };
  paths?: Record<string, Record<string, unknown>>;
  webhooks?: Record<string, Record<string, unknown>>;
  components?: Record<string, Record<string, unknown>>;
  [key: string]: unknown;
}
