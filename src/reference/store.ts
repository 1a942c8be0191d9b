// The reference server's store; its parts live in ./store/, one concern a file.
export { type Store, openStore } from './store/open-store.js';
export type { DeliveryRoute, SubscriptionRow } from './store/subscription-row.js';
export type { GrantRow } from './store/grant-row.js';
export { ACCESS_TOKEN_SECONDS } from './store/tokens.js';
