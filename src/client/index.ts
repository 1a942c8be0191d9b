export { type ClientOptions, type ClientVersion, type ServiceClient, createClient } from './create-client.ts';
export { type ErrorCode, errorCode } from './error-code.ts';
export { type VersionHeaders, versionHeaders } from './version-headers.ts';
