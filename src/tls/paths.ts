/** Where `checkout-sandbox tls` writes the local CA and the host certificates by default. */
export const DEFAULT_TLS_DIR = '.sandbox/tls';
