// service-contract: the light parts in one import (clients, OAuth helpers, webhooks, the version
// registry). The engines (mock, proxy, reference server, conformance) have their own subpaths.
export * from './client/index.js';
export * from './oauth/index.js';
export * from './webhooks/index.js';
export {
  type VersionEntry,
  type VersionRegistry,
  type VersionStatus,
  listVersions,
  loadVersionRegistry,
} from './versions.js';
export type { DatedVersion, DocumentTypes } from '../generated/types/index.js';
