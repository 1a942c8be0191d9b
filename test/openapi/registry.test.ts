import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { listApiSources } from '../../scripts/build/api-sources.ts';
import { readBundledDocument } from '../../src/documents.ts';
import { PROJECT_ROOT } from '../../src/project-root.ts';
import { listVersions, loadVersionRegistry } from '../../src/versions.ts';
import { statedVersions } from '../support/requirements.ts';

const registry = loadVersionRegistry();
const apis = listApiSources();

describe('openapi/versions.yaml', () => {
  it('VER-01: lists exactly the dated versions the requirement names, oldest first, the baseline first and the latest last', () => {
    const stated = statedVersions();
    expect(stated.versions.length).toBeGreaterThan(1);
    expect(listVersions(registry)).toEqual(stated.versions);
    expect(listVersions(registry)).toEqual([...stated.versions].sort());
    expect(registry.baseline).toBe(stated.versions[0]);
    expect(registry.latest).toBe(stated.latest);
    expect(registry.latest).toBe(listVersions(registry).at(-1));
  });

  it.each(registry.versions.map((entry) => [entry.version, entry] as const))(
    '%s is a complete entry',
    (_, entry) => {
      expect(['supported', 'deprecated', 'sunset']).toContain(entry.status);
      expect(entry.status === 'sunset' ? entry.sunset : 'ok').toBeTruthy();
      expect(entry.summary.length).toBeGreaterThan(10);
      expect(entry.requirements.every((id) => /^[A-Z]+-\d{2}$/.test(id))).toBe(true);
      expect(typeof entry.breaking).toBe('boolean');
      for (const change of entry.changes)
        expect(Boolean(change.path) !== Boolean(change.webhook)).toBe(true);
    },
  );

  it('only a baseline has no changes to declare, apart from a version the specification shows no change for', () => {
    const silent = registry.versions
      .filter((entry) => entry.changes.length === 0)
      .map((entry) => entry.version);
    expect(silent).toEqual(['2026-06-01', '2026-07-23']);
  });
});

describe('redocly.yaml', () => {
  it('names v0, auth and one v1 root per dated version, nothing else', () => {
    expect(apis.map((api) => api.name).sort()).toEqual(
      ['auth', 'v0', ...listVersions(registry).map((v) => `v1@${v}`)].sort(),
    );
  });

  it.each(apis.filter((api) => api.version).map((api) => [api.name, api] as const))(
    '%s: the root lives in its dated folder and says its version',
    (_, api) => {
      expect(api.root).toBe(`openapi/v1/${api.version}/openapi.yaml`);
      const root = parse(readFileSync(join(PROJECT_ROOT, api.root), 'utf8'));
      expect(root.info.version).toBe(api.version);
      expect(readBundledDocument(api).info.version).toBe(api.version);
    },
  );

  it('bundles to exactly the paths other tools read', () => {
    expect(apis.map((api) => api.bundle).sort()).toEqual(
      [
        'openapi/auth.json',
        'openapi/v0.json',
        ...listVersions(registry).map((v) => `openapi/v1/${v}.json`),
      ].sort(),
    );
  });
});
