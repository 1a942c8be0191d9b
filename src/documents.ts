import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from './project-root.js';
import { listVersions } from './versions.js';

/** One contract document: what the build bundles and types, and where its generated files are. */
export interface ApiDocument {
  /** `v0`, `auth` or `v1@YYYY-MM-DD`, as redocly.yaml names it. */
  name: string;
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

/** Where a document's generated files go, by its name. */
export function generatedNames(name: string): Omit<ApiDocument, 'name'> {
  const version = V1_NAME.exec(name)?.[1];
  const stem = version ? `v1/${version}` : name;
  return {
    version,
    bundle: `openapi/${stem}.json`,
    types: `types/${stem}.ts`,
    validators: `validators/${stem}.cjs`,
  };
}

/** Every contract document: v0, auth, then each dated v1 version of the registry, oldest first. */
export function listApiDocuments(): ApiDocument[] {
  const names = ['v0', 'auth', ...listVersions().map((version) => `v1@${version}`)];
  return names.map((name) => ({ name, ...generatedNames(name) }));
}

/** Reads a bundled document shipped in generated/. */
export function readBundledDocument(
  api: ApiDocument,
  generatedDir = join(PROJECT_ROOT, 'generated'),
): OpenApiDocument {
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
