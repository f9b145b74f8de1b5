/**
 * What the journal learns about one request while it is served: the gateway passes these
 * notes to the surface in its bindings, and auth middlewares, the body reader and the
 * not-found handler write into them (src/journal/journal.ts keeps them). Mutable on purpose:
 * no copy per request.
 */

/** Who made the call, as far as authentication told. */
export interface Principal {
  clientId?: string;
  username?: string;
  merchantId?: string;
}

/** What differs between what was sent and the closest thing that would have worked. */
export interface NearMiss {
  /** e.g. 'route', 'sharedkey-username', 'sharedkey-path', 'bearer-environment'. */
  kind: string;
  closest: string;
  differs: string;
}

/**
 * The per-request notes the gateway passes to a surface in its bindings; auth middlewares,
 * body readers and the 404 handler write into it. Mutable on purpose: no copy per request.
 */
export interface RequestNotes {
  /** `scheme:outcome`, e.g. bearer:ok, sharedkey:bad-signature; absent: no authentication ran ('none'). */
  auth?: string;
  /** Why authentication failed, as the 401 said it. */
  authCause?: string;
  principal?: Principal;
  /** The body bytes as received, when a reader consumed them (cut to BODY_CAP once journaled). */
  requestBody?: Uint8Array;
  /** The body's full length when requestBody was cut. */
  requestBodyBytes?: number;
  /** The operation of the surface's table the request matched. */
  operation?: string;
  /** No route matched (the surface's not-found handler ran). */
  unmatched?: boolean;
  /** The closest credentials, found where the failure was detected (the auth middleware). */
  nearMisses?: NearMiss[];
}
