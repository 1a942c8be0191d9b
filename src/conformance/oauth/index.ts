// The OAuth flows the conformance checks drive: the profile's clients, the browser-like consent
// walk, the token endpoint's requests and what the rules expect of their answers.
export * from './authorize.js';
export * from './authorize-refused.js';
export * from './client.js';
export * from './consent-form.js';
export * from './token-endpoint.js';
export * from './token-fields.js';
