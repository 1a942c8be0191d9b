/** What deliveries need to know about an app: how it signs and which version it defaults to. */
export interface AppDeliverySettings {
  /** AUTH-12: one `whsec_` secret per app. */
  signingSecret: string;
  /** The version a subscription without its own `apiVersion` delivers in (VER-14). */
  pin: string;
}
