import { describe, expect, it } from 'vitest';
import { deriveSupportedVersions } from '../../scripts/build/derived-examples.ts';
import type { OpenApiDocument } from '../../src/documents.ts';
import { listVersions } from '../../src/versions.ts';
import { loadBundles } from '../support/bundles.ts';

// VER-04's example answer lists the supported versions: the build writes them from the registry,
// so adding a dated version edits no example.
describe('examples derived from the registry', () => {
  it('every bundle lists exactly the registry versions in each marked example', () => {
    const found: unknown[] = [];
    const visit = (node: unknown): void => {
      if (Array.isArray(node)) return node.forEach(visit);
      if (node === null || typeof node !== 'object') return;
      const record = node as Record<string, any>;
      if (record['x-derived'] === 'supported-versions') found.push(record.value.supportedVersions);
      Object.values(record).forEach(visit);
    };
    for (const { document } of loadBundles()) visit(document);
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((list) => JSON.stringify(list) === JSON.stringify(listVersions()))).toBe(
      true,
    );
  });

  it('writes the versions given, and refuses a marked example without a list', () => {
    const document = {
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      examples: { a: { 'x-derived': 'supported-versions', value: { supportedVersions: ['x'] } } },
    } as unknown as OpenApiDocument;
    expect(deriveSupportedVersions(document, ['v1', 'v2'])).toBe(1);
    expect((document as any).examples.a.value.supportedVersions).toEqual(['v1', 'v2']);
    const broken = {
      ...document,
      examples: { b: { 'x-derived': 'supported-versions', value: {} } },
    };
    expect(() => deriveSupportedVersions(broken as OpenApiDocument, ['v1'])).toThrow(
      /no supportedVersions/,
    );
  });
});
