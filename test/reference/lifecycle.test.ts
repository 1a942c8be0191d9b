import { describe, expect, it } from 'vitest';
import { lifecycleAt } from '../../src/reference/lifecycle.ts';
import { useReferenceServer } from '../support/reference-server.ts';
import { loadVersionRegistry } from '../../src/versions.ts';

// VER-05 on the reference server: sunsets come from the registry and pass with the clock.
const registry = structuredClone(loadVersionRegistry());
registry.versions[0]!.sunset = '2026-10-01';
registry.versions[1]!.sunset = '2027-01-01';
const at = (date: string) => Date.parse(date) / 1000;
let now = at('2026-11-21T12:00:00Z');
const clock = { nowSeconds: () => now, nowMicroseconds: () => now * 1_000_000 };
const reference = useReferenceServer({ registry, clock });

const list = (token: string) =>
  fetch(`${reference.server.url}/v1/webhook.list`, {
    headers: { authorization: `Bearer ${token}` },
  });

describe('version lifecycle', () => {
  it('lifecycleAt: past sunset is sunset, an announced one deprecated, others untouched', () => {
    expect(lifecycleAt(registry, at('2026-11-21T00:00:00Z'))).toEqual({
      '2026-06-01': { status: 'sunset' },
      '2026-07-07': { status: 'deprecated', sunset: '2027-01-01' },
    });
  });

  it('VER-05: a request pinned to a sunset version gets 410', async () => {
    const answer = await list('sk-2026-06-01');
    expect([answer.status, answer.headers.get('service-version')]).toEqual([410, '2026-06-01']);
  });

  it('VER-05: a version nearing its sunset answers with Deprecation and Sunset', async () => {
    const answer = await list('sk-2026-07-07');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('deprecation')).toBe('true');
    expect(answer.headers.get('sunset')).toBe('Fri, 01 Jan 2027 00:00:00 GMT');
    expect((await list('sk-2026-08-25')).headers.get('deprecation')).toBeNull();
  });

  it('VER-05: when the clock passes the sunset, the same pin gets 410', async () => {
    now = at('2027-01-02T00:00:00Z');
    expect((await list('sk-2026-07-07')).status).toBe(410);
    now = at('2026-11-21T12:00:00Z');
  });
});
