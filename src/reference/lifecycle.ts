import type { FrontConfig } from '../http/front-config.js';
import type { VersionRegistry } from '../versions.js';

/**
 * VER-05 at a moment in time: a version past its sunset date is sunset (410); one with a sunset
 * announced, or marked deprecated in the registry, is deprecated (Deprecation and Sunset headers).
 */
export function lifecycleAt(
  registry: VersionRegistry,
  nowSeconds: number,
): FrontConfig['versions'] {
  const versions: FrontConfig['versions'] = {};
  for (const entry of registry.versions) {
    const sunsetAt = entry.sunset ? Date.parse(`${entry.sunset}T00:00:00Z`) / 1000 : undefined;
    if (entry.status === 'sunset' || (sunsetAt !== undefined && nowSeconds >= sunsetAt))
      versions[entry.version] = { status: 'sunset' };
    else if (entry.status === 'deprecated' || sunsetAt !== undefined)
      versions[entry.version] = { status: 'deprecated', sunset: entry.sunset ?? undefined };
  }
  return versions;
}
