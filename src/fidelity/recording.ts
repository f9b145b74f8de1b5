/**
 * The recording format: one exchange per line (JSON lines), appended by `checkout-sandbox
 * record` as traffic flows, read by `checkout-sandbox diff`, and written by hand for the
 * documented corpus (recordings/documented/). Everything in a line is already redacted
 * (src/fidelity/redaction.ts): a recording can be mailed to the project as it is.
 *
 *   {"v":1, "seq":3, "time":"2026-11-02T09:14:03.118Z", "env":"uat", "surface":"api",
 *    "method":"GET", "path":"/checkouts/1eec…", "request":{"headers":{…}, "body":null},
 *    "status":200, "answer":{"headers":{…}, "body":{"json":{…}}}, "durationMs":212,
 *    "upstream":"https://api.uat.walleydev.com"}
 *
 * An exchange marked `"outgoing"` is a call the service made to the merchant (a notification or
 * validation callback, a webhook): `request` is what the service sent (method, the path and
 * query on the merchant's host, headers, body), `status` and `answer` what the merchant
 * answered. `record` sees only the merchant's own calls; outgoing exchanges are written by hand
 * (the documented corpus) or by a merchant who logs what its endpoints receive.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { wallClockStamp } from '../clock.js';
import { ENVIRONMENTS, SURFACES } from '../hosts.js';

const RECORDING_VERSION = 1;

/**
 * A body as recorded: parsed JSON, text (forms, HTML, broken JSON), only its size when it is
 * binary, or `{"omitted": "undocumented"}` where a documented example gives the status but
 * not the body (nothing of it is then compared).
 */
const bodySchema = z.union([
  z.object({ json: z.unknown() }).strict(),
  z.object({ text: z.string() }).strict(),
  z.object({ omitted: z.literal('binary'), bytes: z.number().int().min(0) }).strict(),
  z.object({ omitted: z.literal('undocumented') }).strict(),
]);
export type RecordedBody = z.infer<typeof bodySchema>;

const headersSchema = z.record(z.string(), z.string());

/** The calls the service makes to a merchant, each to the URL the merchant gave for it. */
export const OUTGOING_KINDS = ['notification', 'validation', 'webhook'] as const;
export type OutgoingKind = (typeof OUTGOING_KINDS)[number];

const exchangeSchema = z
  .object({
    v: z.literal(RECORDING_VERSION),
    seq: z.number().int().min(1),
    /** When the request arrived (real time, ISO-8601): the replay's clock follows it. */
    time: z.string().refine((v) => !Number.isNaN(Date.parse(v)), { message: 'expected an ISO-8601 instant' }),
    env: z.enum(ENVIRONMENTS),
    surface: z.enum(SURFACES),
    method: z.string().min(1),
    /** The path and query as the real host saw them (no local prefix). */
    path: z.string().startsWith('/'),
    request: z.object({ headers: headersSchema, body: bodySchema.nullable() }).strict(),
    /** The answer's status; 502 when the upstream could not be reached (see error). */
    status: z.number().int().min(100).max(999),
    answer: z.object({ headers: headersSchema, body: bodySchema.nullable() }).strict(),
    durationMs: z.number().min(0),
    /** Where the request went. */
    upstream: z.string().optional(),
    /** The upstream failed (DNS, TLS, timeout, connection): the 502 is the recorder's, not the service's. */
    error: z
      .object({ kind: z.enum(['dns', 'tls', 'timeout', 'connect', 'protocol']), message: z.string() })
      .strict()
      .optional(),
    /** Documented corpus: the public page the example was transcribed from. */
    source: z.string().optional(),
    note: z.string().optional(),
    /** Replayed to bring the world to the state the next exchanges need, not compared (documented corpus). */
    setup: z.boolean().optional(),
    /** A call the service made to the merchant's notificationUri, validationUri or webhook URL (see above). */
    outgoing: z.enum(OUTGOING_KINDS).optional(),
  })
  .strict();
export type Exchange = z.infer<typeof exchangeSchema>;

/** An exchange and where it was read from, for messages and the report's `first`. */
export interface LoadedExchange extends Exchange {
  file: string;
  line: number;
}

export class RecordingError extends Error {
  override name = 'RecordingError';
}

/** The recording files a path names: a file as is, a directory's *.jsonl in name (= time) order. */
function recordingFiles(path: string): string[] {
  const full = resolve(path);
  if (!existsSync(full)) throw new RecordingError(`${path}: no such file or directory`);
  if (!statSync(full).isDirectory()) return [full];
  const files = readdirSync(full)
    .filter((name) => name.endsWith('.jsonl'))
    .sort()
    .map((name) => join(full, name));
  if (files.length === 0) throw new RecordingError(`${path}: the directory holds no recording (*.jsonl)`);
  return files;
}

/** Every exchange of the given files and directories, in order; a line that is not an exchange stops it, naming file and line. */
export function readRecordings(paths: readonly string[]): LoadedExchange[] {
  const out: LoadedExchange[] = [];
  for (const file of paths.flatMap(recordingFiles)) {
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.forEach((text, index) => {
      if (text.trim() === '') return;
      let raw: unknown;
      try {
        raw = JSON.parse(text);
      } catch (error) {
        throw new RecordingError(`${file}:${index + 1}: not JSON (${(error as Error).message})`);
      }
      const parsed = exchangeSchema.safeParse(raw);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new RecordingError(`${file}:${index + 1}: ${issue?.path.join('.') || 'exchange'}: ${issue?.message ?? 'not an exchange'}`);
      }
      out.push({ ...parsed.data, file, line: index + 1 });
    });
  }
  return out;
}

/**
 * Appends exchanges to one new file under a directory. Each line is written synchronously
 * before the client gets its answer, so a recording is complete up to the last answer even
 * when the recorder is killed.
 */
export class RecordingWriter {
  readonly file: string;
  private seq = 0;

  constructor(dir: string) {
    mkdirSync(dir, { recursive: true });
    const stamp = wallClockStamp();
    let file = join(resolve(dir), `recording-${stamp}.jsonl`);
    for (let n = 2; existsSync(file); n++) file = join(resolve(dir), `recording-${stamp}-${n}.jsonl`);
    this.file = file;
    appendFileSync(this.file, '');
  }

  /** Numbers the exchange and appends it; returns it as written. */
  append(exchange: Omit<Exchange, 'v' | 'seq'>): Exchange {
    const written: Exchange = { v: RECORDING_VERSION, seq: ++this.seq, ...exchange };
    appendFileSync(this.file, `${JSON.stringify(written)}\n`);
    return written;
  }

  get count(): number {
    return this.seq;
  }
}
