import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { type ApiDocument, generatedNames } from '../../src/documents.ts';
import { PROJECT_ROOT } from '../../src/project-root.ts';

/** A contract document with its hand-written root, as redocly.yaml lists it. */
export interface ApiSource extends ApiDocument {
  /** The hand-written root, relative to the project root. */
  root: string;
}

/** The APIs listed in redocly.yaml, in their order there: what the build lints and bundles. */
export function listApiSources(root = PROJECT_ROOT): ApiSource[] {
  const config = parse(readFileSync(join(root, 'redocly.yaml'), 'utf8')) as {
    apis: Record<string, { root: string }>;
  };
  return Object.entries(config.apis).map(([name, api]) => ({
    name,
    root: api.root,
    ...generatedNames(name),
  }));
}
