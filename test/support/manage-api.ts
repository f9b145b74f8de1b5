/**
 * What the order administration tests share: a bearer token from the api surface's token
 * endpoint (as WC requests it) and a small client for /manage/orders that re-fetches its
 * token after the sandbox clock moved past the token's lifetime.
 */
import { expect } from 'vitest';
import type { EnvName } from '../../src/hosts.js';
import type { Sandbox } from '../../src/index.js';

export const UAT_CLIENT = {
  client_id: '6f1e2d3c-4b5a-4978-8a1b-2c3d4e5f6a01',
  client_secret: 'uat-secret-nordic-outdoor-0001',
  grant_type: 'client_credentials',
  scope: '705798e0-8cef-427c-ae00-6023deba29af/.default',
};

export async function bearerToken(sb: Sandbox, env: EnvName = 'uat', fields: Record<string, string> = UAT_CLIENT): Promise<string> {
  const response = await sb.fetch(`/${env}/api/oauth2/v2.0/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

export interface ReadResponse {
  status: number;
  headers: Headers;
  text: string;
  json: Record<string, unknown> & { data?: unknown };
}

/** A row of an order as GET /manage/orders/{id} answers it (its items, and each invoice's). */
export interface OrderRow {
  articleNumber: string;
  description: string;
  quantity: number;
  price: number;
  vatRate: number;
}

export class ManageApi {
  private token: string | null = null;
  private tokenAtMs = 0;

  constructor(
    private readonly sb: Sandbox,
    private readonly env: EnvName = 'uat',
  ) {}

  private async authorization(): Promise<string> {
    // Tokens live 3599 s on the sandbox clock; tests that move the clock need a fresh one.
    if (this.token === null || Math.abs(this.sb.clock.nowMs() - this.tokenAtMs) > 3_000_000) {
      this.token = await bearerToken(this.sb, this.env);
      this.tokenAtMs = this.sb.clock.nowMs();
    }
    return `Bearer ${this.token}`;
  }

  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ReadResponse> {
    const init: RequestInit = {
      method,
      headers: { authorization: await this.authorization(), 'content-type': 'application/json', ...headers },
    };
    if (body !== undefined) init.body = typeof body === 'string' ? body : JSON.stringify(body);
    const response = await this.sb.fetch(`/${this.env}/api${path}`, init);
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, json: parsed(text) };
  }

  get(path: string): Promise<ReadResponse> {
    return this.call('GET', path);
  }

  post(path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ReadResponse> {
    return this.call('POST', path, body, headers);
  }

  /** GET /manage/orders/{id} → data. */
  async order(
    orderId: string,
  ): Promise<Record<string, unknown> & { status: string; totalAmount: number; invoices: Record<string, unknown>[] }> {
    const answer = await this.get(`/manage/orders/${orderId}`);
    expect(answer.status, answer.text).toBe(200);
    return answer.json.data as Record<string, unknown> & { status: string; totalAmount: number; invoices: Record<string, unknown>[] };
  }

  /** GET /manage/orders/{id} → its rows. */
  async rows(orderId: string): Promise<OrderRow[]> {
    return (await this.order(orderId)).items as OrderRow[];
  }
}

function parsed(text: string): ReadResponse['json'] {
  try {
    return text ? (JSON.parse(text) as ReadResponse['json']) : {};
  } catch {
    return {};
  }
}

/** A write was accepted: exactly 202 (the SDK insists), relative Location, no body. */
export function expectAccepted(answer: ReadResponse, orderId: string): void {
  expect(answer.status, answer.text).toBe(202);
  expect(answer.headers.get('location')).toBe(`/manage/orders/${orderId}`);
  expect(answer.text).toBe('');
}

/** A refusal in problem details naming the business code. */
export function expectProblem(answer: ReadResponse, status: number, code: string): void {
  expect(answer.status, answer.text).toBe(status);
  expect(answer.headers.get('content-type')).toContain('application/problem+json');
  expect(answer.json).toMatchObject({ type: `urn:checkout-sandbox:problem:${code}`, title: code, status });
  expect(typeof answer.json.detail).toBe('string');
  expect(answer.text).toContain(code);
}
