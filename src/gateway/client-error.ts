/**
 * Requests Node's HTTP parser refuses before any route sees them (a method it does not know
 * such as TRACK, headers over 16 KiB, a malformed request line, headers that never finish).
 * Node's default answer is a bare status with no body; this one says what was wrong, in the
 * gateway's shape ({"error": {"code", "message"}}), since no surface was addressed yet.
 */
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';

export function respondToClientError(error: Error & { code?: string }, socket: Duplex): void {
  // A connection the client already dropped, or one with a half-written answer: nothing to say.
  if (error.code === 'ECONNRESET' || !socket.writable || (socket as Duplex & { _httpMessage?: unknown })._httpMessage) {
    socket.destroy();
    return;
  }
  const [status, message] = describe(error.code);
  const body = JSON.stringify({ error: { code: status, message } });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
}

function describe(code: string | undefined): [number, string] {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return [431, 'The request headers are larger than 16 KiB. Send fewer or shorter headers.'];
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return [408, 'The request did not arrive in time (headers within 10 s, the whole request within 30 s). Send it again.'];
    case 'HPE_INVALID_METHOD':
      return [400, 'The request method is not one HTTP/1.1 servers accept (e.g. TRACK). Use the method the README lists for the path.'];
    default:
      return [400, `The request could not be parsed as HTTP/1.1 (${code ?? 'malformed'}). Check the request line and the headers.`];
  }
}
