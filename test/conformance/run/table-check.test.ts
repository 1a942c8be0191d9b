import { describe, expect, it } from 'vitest';
import { CHECKS } from '../../../src/conformance/checks/index.ts';
import { runConformance } from '../../../src/conformance/runner.ts';
import { APP } from '../../../src/reference/fixtures.ts';
import { profileOf } from '../../../src/reference/profile.ts';
import { useReferenceServer } from '../../support/reference-server.ts';

// A table case's undo: SUB-03 subscribes a URL of exactly 1024 characters on v0 and v1, and the
// run removes both subscriptions again.
const reference = useReferenceServer();

describe('a table check with cases that create something', () => {
  it('leaves no subscription behind once the accepted maximum is undone', async () => {
    const { url, workspace, store } = reference.server;
    const checks = CHECKS.filter(([id]) => id === 'sub-03-url-rules');
    const [result] = await runConformance(profileOf(url, workspace), '2026-08-25', { checks });
    expect([result!.status, result!.diagnostics]).toEqual(['passed', []]);
    const left = [
      ...(await store.listSubscriptions(APP, 'v0')),
      ...(await store.listSubscriptions(APP, 'v1')),
    ].filter((s) => s.url.includes('conformance.example.com'));
    expect(left.map((s) => s.url.length)).toEqual([]);
  });
});
