// A local stand-in of the Stripe API for the tests (docs/architecture/decisions/0020-stripe.md): a real HTTP server on
// an ephemeral port implementing only the endpoints the adapter uses, with Stripe's wire format (form-encoded
// requests, JSON replies, `{error: {type, code, message}}` failures), Idempotency-Key replays, and a record of every
// request so the tests can see what was sent.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PriceCatalogue } from '@paddock/shared/contract';
import { PRICE_KEYS } from '@paddock/shared/domain';
import Stripe from 'stripe';
import { stripeClient } from '../client';

type Params = Record<string, unknown>;
type Json = Record<string, unknown>;

export interface RecordedRequest {
  method: string;
  path: string;
  params: Params;
  idempotencyKey: string | null;
}

interface StandInPrice {
  id: string;
  lookupKey: string;
  active: boolean;
  nickname: string | null;
  productName: string;
  currency: 'sek' | 'eur';
  /** Minor units per currency. */
  amounts: Partial<Record<'sek' | 'eur', number>>;
}

interface Line {
  id: string;
  description: string | null;
  amount: number;
  price: string;
}

interface StandInInvoice {
  id: string;
  customer: string;
  currency: string;
  description: string | null;
  status: 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';
  metadata: Record<string, string>;
  lines: Line[];
  number: string | null;
  created: number;
  paidAt: number | null;
  attempts: number;
}

interface StandInCustomer {
  id: string;
  email: string | null;
  metadata: Record<string, string>;
  address: Record<string, string>;
}

class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: { type: string; code?: string; message: string; param?: string; decline_code?: string },
  ) {
    super(body.message);
  }
}

const missing = (what: string, id: string, param = 'id') =>
  new StripeFailure(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}: '${id}'`, param });
const invalid = (message: string, param?: string, code = 'parameter_invalid') =>
  new StripeFailure(400, { type: 'invalid_request_error', code, message, param });

/** `a[b][0]=x` form and query pairs into nested objects and arrays, as Stripe reads them. */
export function parseStripeParams(text: string): Params {
  const root: Params = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const path = name.replace(/\]/g, '').split('[');
    let node = root as Record<string, unknown>;
    path.forEach((part, index) => {
      const key = part === '' ? String(Object.keys(node).length) : part;
      if (index === path.length - 1) node[key] = value;
      else node = (node[key] ??= {}) as Record<string, unknown>;
    });
  }
  const arrays = (value: unknown): unknown => {
    if (typeof value !== 'object' || value === null) return value;
    const entries = Object.entries(value).map(([key, child]) => [key, arrays(child)] as const);
    return entries.length && entries.every(([key]) => /^\d+$/.test(key)) ? entries.map(([, child]) => child) : Object.fromEntries(entries);
  };
  return arrays(root) as Params;
}

/** `metadata['name']:'value'` of Stripe's search query language, the only form the adapter sends. */
function metadataQuery(query: unknown): [string, string] {
  const match = /^metadata\['([^']+)'\]:'((?:[^'\\]|\\.)*)'$/.exec(String(query));
  if (!match) throw invalid(`unsupported search query ${String(query)}`, 'query');
  return [match[1], match[2].replace(/\\(.)/g, '$1')];
}

const list = (url: string, data: unknown[]) => ({ object: 'list', data, has_more: false, url });
const searchResult = (url: string, data: unknown[]) => ({ object: 'search_result', data, has_more: false, next_page: null, url });
const newId = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

export class StripeStandIn {
  readonly requests: RecordedRequest[] = [];
  readonly prices: StandInPrice[] = [];
  readonly customers = new Map<string, StandInCustomer>();
  readonly invoices = new Map<string, StandInInvoice>();
  /** Whether a payment of this customer is declined (card_declined); none by default. */
  declines: (customer: StandInCustomer) => boolean = () => false;
  /** The VAT rate Stripe Tax would apply for this customer (0 by default) and why. */
  tax: (customer: StandInCustomer) => { rate: number; reason: string } = () => ({ rate: 0, reason: 'not_collecting' });
  /** The stand-in's clock, seconds since the epoch. */
  now: () => number = () => Math.floor(Date.now() / 1000);
  private readonly replays = new Map<string, { status: number; body: string }>();
  private invoiceCount = 0;
  private server: Server | null = null;
  port = 0;

  /** Starts the server; `catalogue` becomes active prices whose lookup keys are the catalogue keys. */
  async start(catalogue?: PriceCatalogue): Promise<this> {
    if (catalogue) for (const key of PRICE_KEYS) this.addPrice(key, catalogue[key]);
    this.server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  close(): Promise<void> {
    return new Promise((resolve, reject) => (this.server ? this.server.close((error) => (error ? reject(error) : resolve())) : resolve()));
  }

  /** The settings that point the official client at this stand-in. */
  settings(webhookSecret = 'whsec_standin') {
    return {
      secretKey: 'sk_test_standin',
      webhookSecret,
      api: { host: '127.0.0.1', port: this.port, protocol: 'http' as const },
      dashboardUrl: 'https://dashboard.stripe.com/test',
    };
  }

  client(): Stripe {
    return stripeClient(this.settings());
  }

  /** An active price in SEK with EUR as a currency option (the set-up docs/operations/stripe.md describes). */
  addPrice(
    lookupKey: string,
    price: { Id: string; Name: string; Sek: number; Eur: number },
    changes: Partial<StandInPrice> = {},
  ): StandInPrice {
    const added: StandInPrice = {
      id: price.Id,
      lookupKey,
      active: true,
      nickname: price.Name,
      productName: price.Name,
      currency: 'sek',
      amounts: { sek: price.Sek, eur: price.Eur },
      ...changes,
    };
    this.prices.push(added);
    return added;
  }

  /** Forgets every idempotency key, as Stripe does after 24 hours. */
  forgetIdempotencyKeys(): void {
    this.replays.clear();
  }

  /** The requests to `method path` (path without /v1). */
  requestsTo(method: string, path: string | RegExp): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)));
  }

  customerOf(userId: string): StandInCustomer | undefined {
    return [...this.customers.values()].find((customer) => customer.metadata.paddock_user_id === userId);
  }

  /** The invoice as Stripe's API shows it. */
  invoiceJson(invoice: StandInInvoice): Json {
    const subtotal = invoice.lines.reduce((sum, line) => sum + line.amount, 0);
    const customer = this.customers.get(invoice.customer)!;
    const tax = invoice.status === 'draft' ? { rate: 0, reason: 'not_collecting' } : this.tax(customer);
    const vat = Math.round(subtotal * tax.rate);
    return {
      id: invoice.id,
      object: 'invoice',
      customer: invoice.customer,
      currency: invoice.currency,
      description: invoice.description,
      status: invoice.status,
      metadata: invoice.metadata,
      number: invoice.number,
      created: invoice.created,
      attempt_count: invoice.attempts,
      subtotal,
      subtotal_excluding_tax: subtotal,
      total: subtotal + vat,
      total_taxes: vat
        ? [{ amount: vat, taxability_reason: tax.reason, tax_behavior: 'exclusive', taxable_amount: subtotal, type: 'tax_rate_details' }]
        : [],
      amount_paid: invoice.status === 'paid' ? subtotal + vat : 0,
      status_transitions: { paid_at: invoice.paidAt, finalized_at: invoice.number ? invoice.created : null },
      invoice_pdf: invoice.number ? `http://127.0.0.1:${this.port}/files/invoices/${invoice.id}.pdf` : null,
      lines: list(
        `/v1/invoices/${invoice.id}/lines`,
        invoice.lines.map((line) => this.lineJson(invoice, line)),
      ),
    };
  }

  private lineJson(invoice: StandInInvoice, line: Line): Json {
    const price = this.prices.find((p) => p.id === line.price)!;
    return {
      id: line.id,
      object: 'line_item',
      amount: line.amount,
      currency: invoice.currency,
      description: line.description,
      invoice: invoice.id,
      pricing: {
        type: 'price_details',
        price_details: { price: price.id, product: `prod_${price.lookupKey}` },
        unit_amount_decimal: String(line.amount),
      },
    };
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (url.pathname.startsWith('/files/invoices/')) {
      response.writeHead(200, { 'content-type': 'application/pdf' }).end(`%PDF-1.4\n% stand-in ${url.pathname}\n%%EOF\n`);
      return;
    }
    const method = request.method ?? 'GET';
    const path = url.pathname.replace(/^\/v1/, '');
    const params = parseStripeParams(method === 'GET' ? url.search.slice(1) : Buffer.concat(chunks).toString('utf8'));
    const idempotencyKey = text(request.headers['idempotency-key']);
    this.requests.push({ method, path, params, idempotencyKey });
    const replayKey = idempotencyKey && `${method} ${path} ${idempotencyKey}`;
    const earlier = replayKey ? this.replays.get(replayKey) : undefined;
    if (earlier) {
      response.writeHead(earlier.status, { 'content-type': 'application/json', 'idempotent-replayed': 'true' }).end(earlier.body);
      return;
    }
    let status = 200;
    let body: string;
    try {
      body = JSON.stringify(this.route(method, path, params, url.pathname));
    } catch (error) {
      if (!(error instanceof StripeFailure)) throw error;
      status = error.status;
      body = JSON.stringify({ error: error.body });
    }
    // Stripe keeps the result of a request that ran, failures included, under its idempotency key.
    if (replayKey) this.replays.set(replayKey, { status, body });
    response.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') }).end(body);
  }

  private route(method: string, path: string, params: Params, url: string): unknown {
    const [, resource, id, action] = path.split('/');
    const route =
      path === '/billing_portal/sessions'
        ? `${method} ${path}`
        : `${method} /${resource}${id ? (id === 'search' ? '/search' : '/:id') : ''}${action ? `/${action}` : ''}`;
    switch (route) {
      case 'GET /prices':
        return list(url, this.listPrices(params));
      case 'GET /customers/:id':
        return this.customerJson(this.customer(id));
      case 'GET /customers/search': {
        const [name, value] = metadataQuery(params.query);
        return searchResult(
          url,
          [...this.customers.values()].filter((c) => c.metadata[name] === value).map((c) => this.customerJson(c)),
        );
      }
      case 'POST /customers':
        return this.customerJson(this.createCustomer(params));
      case 'GET /invoices':
        return list(
          url,
          [...this.invoices.values()]
            .filter((i) => i.customer === params.customer)
            .reverse()
            .map((i) => this.invoiceJson(i)),
        );
      case 'GET /invoices/search': {
        const [name, value] = metadataQuery(params.query);
        return searchResult(
          url,
          [...this.invoices.values()].filter((i) => i.metadata[name] === value).map((i) => this.invoiceJson(i)),
        );
      }
      case 'GET /invoices/:id':
        return this.invoiceJson(this.invoice(id));
      case 'POST /invoices':
        return this.invoiceJson(this.createInvoice(params));
      case 'POST /invoiceitems':
        return this.addLine(params);
      case 'POST /invoices/:id/finalize':
        return this.invoiceJson(this.finalize(this.invoice(id)));
      case 'POST /invoices/:id/pay':
        return this.invoiceJson(this.pay(this.invoice(id)));
      case 'POST /invoices/:id/void':
        return this.invoiceJson(this.void(this.invoice(id)));
      case 'POST /billing_portal/sessions': {
        const customer = this.customer(String(params.customer), 'customer');
        if (!text(params.return_url)) throw invalid('return_url is required', 'return_url');
        const session = newId('bps');
        return {
          id: session,
          object: 'billing_portal.session',
          customer: customer.id,
          return_url: params.return_url,
          url: `http://127.0.0.1:${this.port}/p/session/${session}`,
        };
      }
      default:
        throw new StripeFailure(404, {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${method}: ${path}) in the stand-in`,
        });
    }
  }

  private listPrices(params: Params): Json[] {
    const keys = (params.lookup_keys as string[] | undefined) ?? [];
    if (keys.length > 10) throw invalid('lookup_keys: at most 10', 'lookup_keys');
    const expand = (params.expand as string[] | undefined) ?? [];
    return this.prices
      .filter((price) => (!keys.length || keys.includes(price.lookupKey)) && (params.active !== 'true' || price.active))
      .map((price) => ({
        id: price.id,
        object: 'price',
        active: price.active,
        lookup_key: price.lookupKey,
        nickname: price.nickname,
        currency: price.currency,
        unit_amount: price.amounts[price.currency] ?? null,
        product: expand.includes('data.product')
          ? { id: `prod_${price.lookupKey}`, object: 'product', name: price.productName }
          : `prod_${price.lookupKey}`,
        ...(expand.includes('data.currency_options')
          ? {
              currency_options: Object.fromEntries(
                Object.entries(price.amounts).map(([currency, amount]) => [currency, { unit_amount: amount }]),
              ),
            }
          : {}),
      }));
  }

  private customer(id: string, param = 'id'): StandInCustomer {
    const customer = this.customers.get(id);
    if (!customer) throw missing('customer', id, param);
    return customer;
  }

  private customerJson(customer: StandInCustomer): Json {
    return { id: customer.id, object: 'customer', email: customer.email, metadata: customer.metadata, address: customer.address };
  }

  private createCustomer(params: Params): StandInCustomer {
    const customer: StandInCustomer = {
      id: newId('cus'),
      email: text(params.email),
      metadata: (params.metadata as Record<string, string>) ?? {},
      address: (params.address as Record<string, string>) ?? {},
    };
    this.customers.set(customer.id, customer);
    return customer;
  }

  private invoice(id: string): StandInInvoice {
    const invoice = this.invoices.get(id);
    if (!invoice) throw missing('invoice', id);
    return invoice;
  }

  private createInvoice(params: Params): StandInInvoice {
    const customer = this.customer(String(params.customer), 'customer');
    const invoice: StandInInvoice = {
      id: newId('in'),
      customer: customer.id,
      currency: text(params.currency) ?? 'sek',
      description: text(params.description),
      status: 'draft',
      metadata: (params.metadata as Record<string, string>) ?? {},
      lines: [],
      number: null,
      created: this.now(),
      paidAt: null,
      attempts: 0,
    };
    this.invoices.set(invoice.id, invoice);
    return invoice;
  }

  private addLine(params: Params): Json {
    const invoice = this.invoice(String(params.invoice));
    if (invoice.status !== 'draft') throw invalid('the invoice is not a draft', 'invoice');
    const priceId = (params.pricing as { price?: string } | undefined)?.price;
    const price = this.prices.find((p) => p.id === priceId);
    if (!price) throw missing('price', String(priceId), 'pricing[price]');
    const amount = price.amounts[invoice.currency as 'sek' | 'eur'];
    if (amount === undefined) throw invalid(`The price has no ${invoice.currency} amount`, 'pricing[price]');
    const line: Line = { id: newId('ii'), description: text(params.description), amount, price: price.id };
    invoice.lines.push(line);
    return { id: line.id, object: 'invoiceitem', invoice: invoice.id, amount, currency: invoice.currency };
  }

  private finalize(invoice: StandInInvoice): StandInInvoice {
    if (invoice.status !== 'draft') throw invalid('This invoice is already finalized', undefined, 'invoice_not_editable');
    this.invoiceCount += 1;
    invoice.status = 'open';
    invoice.number = `STANDIN-${String(this.invoiceCount).padStart(4, '0')}`;
    return invoice;
  }

  private void(invoice: StandInInvoice): StandInInvoice {
    if (invoice.status !== 'open' && invoice.status !== 'uncollectible')
      throw invalid(`You can only void an open or uncollectible invoice (it is ${invoice.status})`, undefined, 'invoice_not_open');
    invoice.status = 'void';
    return invoice;
  }

  private pay(invoice: StandInInvoice): StandInInvoice {
    if (invoice.status === 'paid') throw invalid('Invoice is already paid', undefined, 'invoice_already_paid');
    if (invoice.status !== 'open')
      throw invalid(`This invoice can only be paid if it is open (it is ${invoice.status})`, undefined, 'invoice_not_open');
    invoice.attempts += 1;
    if (this.declines(this.customers.get(invoice.customer)!)) {
      throw new StripeFailure(402, {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
      });
    }
    invoice.status = 'paid';
    invoice.paidAt = this.now();
    return invoice;
  }
}

/** A webhook delivery as Stripe makes it: the event's JSON and its Stripe-Signature header. */
export function signedEvent(
  type: string,
  object: Json,
  secret: string,
  timestamp = Math.floor(Date.now() / 1000),
): { payload: string; signature: string } {
  const payload = JSON.stringify({
    id: newId('evt'),
    object: 'event',
    type,
    api_version: '2025-08-27.basil',
    created: timestamp,
    data: { object },
  });
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp }) };
}
