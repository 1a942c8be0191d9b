import type { LatestVersion } from '../../generated/types/index.ts';
import { loadVersionRegistry } from '../../src/versions.ts';

/**
 * The version the "Receiving webhooks" samples are written for: the registry's latest, which
 * `trigger` sends by default. The page shows it as the literal a reader copies.
 */
export const LATEST = loadVersionRegistry().latest as LatestVersion;
