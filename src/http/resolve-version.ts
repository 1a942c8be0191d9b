import type { VersionRegistry } from '../versions.js';
import { type Credential, type FrontConfig, ownEntry } from './front-config.js';

export type VersionResolution =
  | { kind: 'ok'; version: string; deprecated?: { sunset?: string } }
  | { kind: 'unsupported'; version: string; supported: string[] }
  | { kind: 'sunset'; version: string };

/**
 * VER-02: the `Service-Version` header, else the token's pin, else the baseline. VER-04: an unknown
 * or malformed requested version is unsupported (the answer still names a version: the one the
 * request would have had without the header). VER-05: sunset and deprecated versions.
 */
export function resolveVersion(
  header: string | undefined,
  token: Credential | undefined,
  registry: VersionRegistry,
  config: FrontConfig,
): VersionResolution {
  const fallback = token?.pin ?? registry.baseline;
  const requested = header ?? fallback;
  const entry = registry.versions.find((v) => v.version === requested);
  const supported = registry.versions
    .map((v) => v.version)
    .filter((v) => (ownEntry(config.versions, v)?.status ?? 'supported') !== 'sunset');
  if (!entry) return { kind: 'unsupported', version: fallback, supported };
  // The header is outside input: only an override of a known version is read.
  const override = ownEntry(config.versions, requested);
  const status = override?.status ?? entry.status;
  if (status === 'sunset') return { kind: 'sunset', version: requested };
  if (status === 'deprecated')
    return {
      kind: 'ok',
      version: requested,
      deprecated: { sunset: override?.sunset ?? entry.sunset ?? undefined },
    };
  return { kind: 'ok', version: requested };
}
