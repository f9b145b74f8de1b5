/**
 * Which request bodies count as JSON where a host insists on it. The current API's initialize
 * page lists `Content-Type` as required, "Must be application/json"
 * (https://payments.collectorbank.se/docs/checkout/initcheckout); an ASP.NET JSON reader takes
 * application/json, text/json and any application/*+json, in any case, whatever parameters
 * follow (`application/json; charset=utf-8`). The legacy and retired hosts read the body as
 * JSON whatever it is declared as: the OpenCart module sends its JSON there with no
 * Content-Type at all.
 */
import { Refusal } from './refusal.js';

/** The media type of a Content-Type value, lower case, without its parameters; '' when there is none. */
function mediaTypeOf(header: string | undefined): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}

export function isJsonMediaType(header: string | undefined): boolean {
  const type = mediaTypeOf(header);
  return type === 'application/json' || type === 'text/json' || /^application\/[^/\s]+\+json$/.test(type);
}

/**
 * The 415 of a body declared as something else, or not declared at all. Each dialect renders
 * it in its own envelope (problem details upper-case the code).
 */
export function unsupportedMediaType(header: string | undefined): Refusal {
  const sent = mediaTypeOf(header) === '' ? 'without a Content-Type' : `as Content-Type: ${header!.trim()}`;
  return Refusal.single(
    415,
    'Unsupported_Media_Type',
    `The body was sent ${sent}; this API reads JSON bodies only. ` +
      'Send the header Content-Type: application/json (a charset may follow: application/json; charset=utf-8).',
  );
}
