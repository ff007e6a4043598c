import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PROOF_MAX_BYTES, WARRANTIES_PER_ACCOUNT_MAX } from '@paddock/shared/domain';
import { call, createMember, mailsTo, setUpTestApp, type Member, type TestApp } from '../testing/testApp';

let t: TestApp;
let admin: string;
setUpTestApp((app, token) => ([t, admin] = [app, token]));

const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR rest of the image')]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF rest of the image')]);
/** A Windows executable's header: what a renamed `setup.exe` sent as `receipt.pdf` starts with. */
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(58), Buffer.from('This program cannot be run in DOS mode.')]);

let serialCount = 0;
const newSerial = () => `SN-${Date.now().toString(36)}-${++serialCount}`.toUpperCase();

const body = (overrides: Record<string, unknown> = {}) => ({
  Product: 'FarmCam HD',
  SerialNumber: newSerial(),
  Retailer: 'Lantmännen Maskin',
  DateOfPurchase: '2025-03-14',
  ProofOfPurchase: PDF.toString('base64'),
  ...overrides,
});

const register = (who: Member | string, userId: string, payload: unknown) =>
  call(t.app, 'POST', `/api/users/${userId}/warranties`, { token: typeof who === 'string' ? who : who.token, body: payload });
const list = (who: Member | string, userId: string) =>
  call(t.app, 'GET', `/api/users/${userId}/warranties`, { token: typeof who === 'string' ? who : who.token });
const download = (token: string | undefined, path: string) => call(t.app, 'GET', `/api/${path}`, { token });

describe('POST and GET /api/users/{id}/warranties', () => {
  it('registers a warranty with a PDF and lists it with the path of its proof, without the file itself', async () => {
    const me = await createMember(t);
    const sent = body({ SerialNumber: ' fc-hd-0042 ', Retailer: '  Granngården  ' });
    const created = await register(me, me.id, sent);
    expect(created.statusCode).toBe(201);
    const warranty = created.json();
    expect(warranty).toEqual({
      Id: expect.any(String),
      Status: 'registered',
      Product: 'FarmCam HD',
      SerialNumber: 'FC-HD-0042',
      Retailer: 'Granngården',
      DateOfPurchase: '2025-03-14',
      RegisteredAt: expect.any(String),
      ProofOfPurchase: {
        Type: 'application/pdf',
        Size: PDF.length,
        Url: `warranties/FC-HD-0042/proof-of-purchase?product=FarmCam%20HD&claim=${warranty.Id}`,
      },
    });
    const listed = await list(me, me.id);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([warranty]);
    expect(listed.body).not.toContain(PDF.toString('base64'));
  });

  it('lists only the account’s own warranties, oldest first', async () => {
    const me = await createMember(t);
    const other = await createMember(t);
    const first = (await register(me, me.id, body({ Product: 'SmartPlug' }))).json();
    const second = (await register(me, me.id, body({ Product: 'FenceAlarm2', ProofOfPurchase: PNG.toString('base64') }))).json();
    await register(other, other.id, body());
    expect((await list(me, me.id)).json()).toEqual([first, second]);
    expect(await list(await createMember(t), me.id).then((r) => r.statusCode)).toBe(403);
  });

  it('accepts JPEG and PNG, recognised by their content whatever they are called', async () => {
    const me = await createMember(t);
    const jpeg = await register(me, me.id, body({ ProofOfPurchase: JPEG.toString('base64') }));
    const png = await register(me, me.id, body({ ProofOfPurchase: PNG.toString('base64') }));
    expect(jpeg.json().ProofOfPurchase).toMatchObject({ Type: 'image/jpeg', Size: JPEG.length });
    expect(png.json().ProofOfPurchase).toMatchObject({ Type: 'image/png', Size: PNG.length });
  });

  it('refuses the same account registering its own product and serial number again with 409, however it is written', async () => {
    const me = await createMember(t);
    const first = body({ Product: 'ForkVision PRO', SerialNumber: 'fv-77' });
    expect((await register(me, me.id, first)).statusCode).toBe(201);
    const again = await register(me, me.id, { ...first, SerialNumber: ' FV-77' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      Error: 'warranty_taken',
      Field: 'SerialNumber',
      Message: 'This account has already registered this product and serial number.',
    });
    // The same serial on another product is another registration.
    expect((await register(me, me.id, { ...first, Product: 'LiftCam HD' })).json()).toMatchObject({ Status: 'registered' });
    expect((await list(me, me.id)).json()).toHaveLength(2);
  });

  it('registers a concurrent double submit once', async () => {
    const me = await createMember(t);
    const payload = body();
    const replies = await Promise.all([register(me, me.id, payload), register(me, me.id, payload)]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect((await list(me, me.id)).json()).toHaveLength(1);
  });

  it.each([
    [{ Product: 'FarmCam 9000' }, 'invalid_field', 'Product'],
    [{ Product: 'farmcam-sim' }, 'invalid_field', 'Product'],
    [{ SerialNumber: '' }, 'missing_field', 'SerialNumber'],
    [{ SerialNumber: '../../etc/passwd' }, 'invalid_field', 'SerialNumber'],
    [{ SerialNumber: '.' }, 'invalid_field', 'SerialNumber'],
    [{ SerialNumber: '..' }, 'invalid_field', 'SerialNumber'],
    [{ SerialNumber: ' .. ' }, 'invalid_field', 'SerialNumber'],
    [{ SerialNumber: '.HIDDEN' }, 'invalid_field', 'SerialNumber'],
    [{ SerialNumber: '-A1' }, 'invalid_field', 'SerialNumber'],
    [{ SerialNumber: 'A'.repeat(65) }, 'too_long', 'SerialNumber'],
    [{ SerialNumber: 'A'.repeat(200) }, 'too_long', 'SerialNumber'],
    [{ SerialNumber: '   ' }, 'missing_field', 'SerialNumber'],
    [{ Retailer: '' }, 'missing_field', 'Retailer'],
    [{ Retailer: '   ' }, 'missing_field', 'Retailer'],
    [{ Retailer: 'R'.repeat(101) }, 'too_long', 'Retailer'],
    [{ DateOfPurchase: '' }, 'invalid_field', 'DateOfPurchase'],
    [{ DateOfPurchase: '14/03/2025' }, 'invalid_field', 'DateOfPurchase'],
    [{ DateOfPurchase: '2025-02-30' }, 'invalid_field', 'DateOfPurchase'],
    [{ DateOfPurchase: '2999-01-01' }, 'purchase_date_in_future', 'DateOfPurchase'],
    [{ ProofOfPurchase: '' }, 'missing_field', 'ProofOfPurchase'],
    [{ ProofOfPurchase: 'not base64!' }, 'proof_not_base64', 'ProofOfPurchase'],
    // A data: URL is taken when it carries base64 (devices/specShapes.test.ts); URL-encoded text is not a file.
    [{ ProofOfPurchase: `data:application/pdf,${PDF.toString('base64')}` }, 'proof_not_base64', 'ProofOfPurchase'],
    [{ ProofOfPurchase: EXE.toString('base64') }, 'proof_unsupported_type', 'ProofOfPurchase'],
    [{ ProofOfPurchase: Buffer.from('%PD').toString('base64') }, 'proof_unsupported_type', 'ProofOfPurchase'],
    [
      { ProofOfPurchase: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64') },
      'proof_unsupported_type',
      'ProofOfPurchase',
    ],
    [{ Product: undefined }, 'missing_field', 'Product'],
    [{ Extra: 1 }, 'unknown_field', 'Extra'],
  ])('refuses %j with 400 %s naming %s, and stores nothing', async (overrides, code, field) => {
    const me = await createMember(t);
    const reply = await register(me, me.id, body(overrides));
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ Error: code, Field: field, Message: expect.any(String) });
    expect((await list(me, me.id)).json()).toEqual([]);
  });

  it('names a renamed executable clearly, in the caller’s language', async () => {
    const me = await createMember(t, { locale: 'de-DE' });
    const reply = await register(me, me.id, body({ ProofOfPurchase: EXE.toString('base64') }));
    expect(reply.json()).toEqual({
      Error: 'proof_unsupported_type',
      Field: 'ProofOfPurchase',
      Message: 'Der Kaufnachweis muss eine PDF-, JPEG- oder PNG-Datei sein. Diese Datei ist keines davon, egal wie sie heißt.',
    });
  });

  it('takes today in any time zone but not a day that has begun nowhere', async () => {
    const me = await createMember(t);
    const now = t.config.now();
    const today = now.toISOString().slice(0, 10);
    const inTwoDays = new Date(now.getTime() + 2 * 86_400_000).toISOString().slice(0, 10);
    expect((await register(me, me.id, body({ DateOfPurchase: today }))).statusCode).toBe(201);
    expect((await register(me, me.id, body({ DateOfPurchase: inTwoDays }))).json()).toMatchObject({ Error: 'purchase_date_in_future' });
  });

  it('accepts a proof of exactly 10 MB and refuses one byte more with a message naming the limit', async () => {
    const me = await createMember(t);
    const largest = Buffer.alloc(PROOF_MAX_BYTES, 0x20);
    PDF.copy(largest);
    const accepted = await register(me, me.id, body({ ProofOfPurchase: largest.toString('base64') }));
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json().ProofOfPurchase).toMatchObject({ Type: 'application/pdf', Size: PROOF_MAX_BYTES });
    const tooLarge = await register(me, me.id, body({ ProofOfPurchase: Buffer.concat([largest, Buffer.from(' ')]).toString('base64') }));
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json()).toMatchObject({
      Error: 'proof_too_large',
      Field: 'ProofOfPurchase',
      Message: 'The proof of purchase can be at most 10 MB.',
    });
    // Far beyond the route's body limit: refused before it is read.
    const huge = await register(me, me.id, body({ ProofOfPurchase: 'A'.repeat(20 * 1024 * 1024) }));
    expect(huge.statusCode).toBe(413);
    expect((await list(me, me.id)).json()).toHaveLength(1);
  }, 30_000); // bodies of 10 MB and more, base64, parsed and checked: several seconds on a busy machine

  it('keeps the default body limit on the other routes', async () => {
    const me = await createMember(t);
    const big = await call(t.app, 'PATCH', `/api/users/${me.id}`, { token: me.token, body: { Phone: 'x'.repeat(2 * 1024 * 1024) } });
    expect(big.statusCode).toBe(413);
  });

  it("refuses another user's account with 403; an admin may register and list for anyone; signed out is 401", async () => {
    const me = await createMember(t);
    const stranger = await createMember(t);
    expect((await register(stranger, me.id, body())).statusCode).toBe(403);
    expect((await call(t.app, 'POST', `/api/users/${me.id}/warranties`, { body: body() })).statusCode).toBe(401);
    expect((await call(t.app, 'GET', `/api/users/${me.id}/warranties`)).statusCode).toBe(401);
    expect((await register(admin, me.id, body())).statusCode).toBe(201);
    expect((await list(admin, me.id)).json()).toHaveLength(1);
    expect((await list(admin, '00000000-0000-0000-0000-000000000000')).statusCode).toBe(404);
  });
});

describe('the cap on warranties per account', () => {
  it(`registers ${WARRANTIES_PER_ACCOUNT_MAX} warranties and refuses one more with 409 naming Product, in the caller’s language`, async () => {
    const me = await createMember(t, { locale: 'sv-SE' });
    for (let i = 0; i < WARRANTIES_PER_ACCOUNT_MAX; i++) expect((await register(me, me.id, body())).statusCode).toBe(201);
    const over = await register(me, me.id, body());
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({
      Error: 'warranty_limit_reached',
      Field: 'Product',
      Message: `Det här kontot har redan ${WARRANTIES_PER_ACCOUNT_MAX} registrerade garantier, det högsta antalet för ett konto. Inga fler produkter kan registreras.`,
    });
    // Staff registering on the account's behalf meet the same cap; other accounts are not affected.
    expect((await register(admin, me.id, body())).json()).toMatchObject({ Error: 'warranty_limit_reached', Field: 'Product' });
    expect((await list(me, me.id)).json()).toHaveLength(WARRANTIES_PER_ACCOUNT_MAX);
    const other = await createMember(t);
    expect((await register(other, other.id, body())).statusCode).toBe(201);
  });

  it('holds under concurrent registrations: the last free place is given once', async () => {
    const me = await createMember(t);
    for (let i = 0; i < WARRANTIES_PER_ACCOUNT_MAX - 1; i++) expect((await register(me, me.id, body())).statusCode).toBe(201);
    const replies = await Promise.all([register(me, me.id, body()), register(me, me.id, body()), register(me, me.id, body())]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([201, 409, 409]);
    expect((await list(me, me.id)).json()).toHaveLength(WARRANTIES_PER_ACCOUNT_MAX);
  });
});

describe('POST /api/users/{id}/warranties on a listening server', () => {
  let port: number;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });

  /** Announces a 13 MB body but sends only its first 64 KB: a reply can only come from a server that did not wait for the rest. */
  function startLargeUpload(userId: string, token?: string): Promise<{ statusCode: number; body: string }> {
    const announced = 13 * 1024 * 1024;
    return new Promise((resolve, reject) => {
      const request = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/api/users/${userId}/warranties`,
        headers: {
          'content-type': 'application/json',
          'content-length': announced,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      });
      const giveUp = setTimeout(() => {
        request.destroy();
        reject(new Error('no reply while the body was incomplete: the server waited for the 13 MB body'));
      }, 10_000);
      request.on('response', (response) => {
        let received = '';
        response.on('data', (chunk: Buffer) => (received += chunk.toString()));
        response.on('end', () => {
          clearTimeout(giveUp);
          request.destroy();
          resolve({ statusCode: response.statusCode ?? 0, body: received });
        });
      });
      request.on('error', (error) => {
        clearTimeout(giveUp);
        reject(error);
      });
      request.write(`{"ProofOfPurchase":"${'A'.repeat(64 * 1024)}`);
    });
  }

  it('refuses an anonymous 13 MB upload with 401 before reading its body', async () => {
    const me = await createMember(t);
    const reply = await startLargeUpload(me.id);
    expect(reply.statusCode).toBe(401);
    expect(JSON.parse(reply.body)).toMatchObject({ Error: 'unauthorized' });
  });

  it("refuses a 13 MB upload to another user's account with 403 before reading its body", async () => {
    const me = await createMember(t);
    const stranger = await createMember(t);
    const reply = await startLargeUpload(me.id, stranger.token);
    expect(reply.statusCode).toBe(403);
    expect(JSON.parse(reply.body)).toMatchObject({ Error: 'forbidden' });
  });
});

describe('GET /api/warranties/{serial}/proof-of-purchase', () => {
  it('sends the proof back as an attachment with the type recognised from its content and nosniff', async () => {
    const me = await createMember(t);
    const serial = newSerial();
    const { ProofOfPurchase } = (await register(me, me.id, body({ SerialNumber: serial, ProofOfPurchase: PNG.toString('base64') }))).json();
    const reply = await download(me.token, ProofOfPurchase.Url);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('image/png');
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(reply.headers['content-disposition']).toBe(`attachment; filename="proof-of-purchase-${serial}.png"`);
    expect(reply.headers['cache-control']).toBe('private, no-store');
    expect(reply.rawPayload.equals(PNG)).toBe(true);
  });

  it('finds the serial however it is written, and picks the product asked for when one serial has several', async () => {
    const me = await createMember(t);
    const serial = newSerial();
    await register(me, me.id, body({ SerialNumber: serial, Product: 'FenceAlarm', ProofOfPurchase: JPEG.toString('base64') }));
    await register(me, me.id, body({ SerialNumber: serial, Product: 'FenceAlarm2', ProofOfPurchase: PDF.toString('base64') }));
    const fence2 = await download(me.token, `warranties/${serial.toLowerCase()}/proof-of-purchase?product=FenceAlarm2`);
    expect(fence2.headers['content-type']).toBe('application/pdf');
    expect(fence2.rawPayload.equals(PDF)).toBe(true);
    const first = await download(me.token, `warranties/${serial}/proof-of-purchase`);
    expect(first.headers['content-type']).toBe('image/jpeg');
    expect((await download(me.token, `warranties/${serial}/proof-of-purchase?product=Nope`)).statusCode).toBe(400);
  });

  it('answers 404 to anyone but the registrant and admins, as for a serial nobody registered', async () => {
    const me = await createMember(t);
    const stranger = await createMember(t);
    const { ProofOfPurchase } = (await register(me, me.id, body())).json();
    const refused = await download(stranger.token, ProofOfPurchase.Url);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ Error: 'not_found' });
    expect(refused.body).toBe((await download(stranger.token, 'warranties/NOBODY-HAS-THIS/proof-of-purchase')).body);
    expect((await download(undefined, ProofOfPurchase.Url)).statusCode).toBe(401);
    const asAdmin = await download(admin, ProofOfPurchase.Url);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.rawPayload.equals(PDF)).toBe(true);
  });

  it('lets the stranger download their own warranty of a serial another account registered for another product', async () => {
    const me = await createMember(t);
    const stranger = await createMember(t);
    const serial = newSerial();
    await register(me, me.id, body({ SerialNumber: serial, Product: 'SmartPlug', ProofOfPurchase: PNG.toString('base64') }));
    await register(stranger, stranger.id, body({ SerialNumber: serial, Product: 'ForkliftCam', ProofOfPurchase: JPEG.toString('base64') }));
    const own = await download(stranger.token, `warranties/${serial}/proof-of-purchase`);
    expect(own.headers['content-type']).toBe('image/jpeg');
    expect((await download(stranger.token, `warranties/${serial}/proof-of-purchase?product=SmartPlug`)).statusCode).toBe(404);
  });

  it('goes with the account: deleting it deletes its warranties and frees the serial', async () => {
    const me = await createMember(t);
    const payload = body();
    const { ProofOfPurchase } = (await register(me, me.id, payload)).json();
    expect((await call(t.app, 'DELETE', `/api/users/${me.id}`, { token: me.token, body: { Password: me.password } })).statusCode).toBe(204);
    expect((await download(admin, ProofOfPurchase.Url)).statusCode).toBe(404);
    const next = await createMember(t);
    expect((await register(next, next.id, payload)).statusCode).toBe(201);
  });
});

/** The parts of a warranty reply that do not depend on which serial it is or when it was sent. */
const shapeOf = (warranty: Record<string, unknown>) => ({
  ...warranty,
  Id: typeof warranty.Id,
  SerialNumber: typeof warranty.SerialNumber,
  RegisteredAt: typeof warranty.RegisteredAt,
  ProofOfPurchase: { ...(warranty.ProofOfPurchase as object), Url: 'url' },
});

describe('a claim of a product and serial number another account registered (issue 26, serial squatting)', () => {
  it('is answered exactly like a first registration, only in review: no warranty_taken, nothing about the other account', async () => {
    const squatter = await createMember(t);
    const buyer = await createMember(t);
    const serial = newSerial();
    const taken = await register(squatter, squatter.id, body({ SerialNumber: serial, Retailer: 'Squatter Shop' }));
    expect(taken.json()).toMatchObject({ Status: 'registered' });

    const claimed = await register(buyer, buyer.id, body({ SerialNumber: serial.toLowerCase() }));
    const fresh = await register(buyer, buyer.id, body());
    expect(claimed.statusCode).toBe(201);
    expect(fresh.statusCode).toBe(201);
    expect(claimed.json().Error).toBeUndefined();
    expect(claimed.json()).toMatchObject({ Status: 'pending_review', SerialNumber: serial, Retailer: 'Lantmännen Maskin' });
    // The same status, headers and fields as for a serial nobody had; only the state differs.
    expect(shapeOf(claimed.json())).toEqual({ ...shapeOf(fresh.json()), Status: 'pending_review' });
    expect(Object.keys(claimed.headers).sort()).toEqual(Object.keys(fresh.headers).sort());
    expect(claimed.body).not.toContain(squatter.email);
    expect(claimed.body).not.toContain('Squatter Shop');

    expect((await list(buyer, buyer.id)).json().map((w: { Status: string }) => w.Status)).toEqual(['pending_review', 'registered']);
    expect((await list(squatter, squatter.id)).json()).toEqual([taken.json()]);
    // The claimant's own proof is theirs to download; the other account's is not.
    expect((await download(buyer.token, claimed.json().ProofOfPurchase.Url)).statusCode).toBe(200);
    expect((await download(buyer.token, taken.json().ProofOfPurchase.Url)).statusCode).toBe(404);
    // A second claim of its own: the account knows it is theirs.
    expect((await register(buyer, buyer.id, body({ SerialNumber: serial }))).json()).toMatchObject({ Error: 'warranty_taken' });
  });

  it('gives one registration when two accounts claim a new serial at once; the other claim is in review', async () => {
    const [one, two] = [await createMember(t), await createMember(t)];
    const payload = body();
    const replies = await Promise.all([register(one, one.id, payload), register(two, two.id, payload)]);
    expect(replies.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(replies.map((r) => r.json().Status).sort()).toEqual(['pending_review', 'registered']);
  });
});

describe('staff review: /api/admin/warranty-claims', () => {
  interface Dispute {
    Product: string;
    SerialNumber: string;
    Claims: {
      Id: string;
      Status: string;
      UserId: string;
      Email: string;
      Retailer: string;
      DateOfPurchase: string;
      RegisteredAt: string;
      ProofOfPurchase: { Url: string };
    }[];
  }
  const claims = async () => {
    const reply = await call(t.app, 'GET', '/api/admin/warranty-claims', { token: admin });
    expect(reply.statusCode).toBe(200);
    return reply.json<Dispute[]>();
  };
  const disputeOf = async (serial: string) => (await claims()).find((d) => d.SerialNumber === serial);
  const decide = (id: string, decision: 'accept' | 'reject', token = admin) =>
    call(t.app, 'POST', `/api/admin/warranty-claims/${id}/${decision}`, { token });
  const statuses = async (who: Member) => (await list(who, who.id)).json().map((w: { Status: string }) => w.Status);

  /** A squatter registers the serial first with a fake proof, the buyer claims it with the real one. */
  async function dispute(buyerLocale?: string) {
    const squatter = await createMember(t);
    const buyer = await createMember(t, buyerLocale ? { locale: buyerLocale } : {});
    const serial = newSerial();
    const first = (
      await register(squatter, squatter.id, body({ SerialNumber: serial, Retailer: 'Fake', ProofOfPurchase: PNG.toString('base64') }))
    ).json();
    const second = (await register(buyer, buyer.id, body({ SerialNumber: serial, DateOfPurchase: '2025-06-01' }))).json();
    return { squatter, buyer, serial, first, second };
  }

  it('lists the serial with both claims, claimants and proofs; accepting the second makes it the registration and mails both', async () => {
    const { squatter, buyer, serial, first, second } = await dispute();
    const listed = await disputeOf(serial);
    expect(listed).toEqual({
      Product: 'FarmCam HD',
      SerialNumber: serial,
      Claims: [
        {
          Id: first.Id,
          Status: 'registered',
          UserId: squatter.id,
          Email: squatter.email,
          Retailer: 'Fake',
          DateOfPurchase: '2025-03-14',
          RegisteredAt: first.RegisteredAt,
          ProofOfPurchase: first.ProofOfPurchase,
        },
        {
          Id: second.Id,
          Status: 'pending_review',
          UserId: buyer.id,
          Email: buyer.email,
          Retailer: 'Lantmännen Maskin',
          DateOfPurchase: '2025-06-01',
          RegisteredAt: second.RegisteredAt,
          ProofOfPurchase: second.ProofOfPurchase,
        },
      ],
    });
    // Each link serves that claimant's proof, not the serial's first one.
    expect((await download(admin, listed!.Claims[0].ProofOfPurchase.Url)).rawPayload.equals(PNG)).toBe(true);
    expect((await download(admin, listed!.Claims[1].ProofOfPurchase.Url)).rawPayload.equals(PDF)).toBe(true);

    const accepted = await decide(second.Id, 'accept');
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ Id: second.Id, Status: 'registered', Email: buyer.email });
    expect(await statuses(buyer)).toEqual(['registered']);
    expect(await statuses(squatter)).toEqual(['rejected']);
    expect(await disputeOf(serial)).toBeUndefined();

    const [buyerMail] = await mailsTo(t, buyer.email);
    expect(buyerMail.Subject).toBe(`Your warranty for FarmCam HD ${serial} is registered`);
    expect(buyerMail.Text).toContain(`${t.config.publicUrl}/warranties`);
    const [squatterMail] = await mailsTo(t, squatter.email);
    expect(squatterMail.Subject).toBe(`Your warranty for FarmCam HD ${serial} was not accepted`);

    const audit = await call(t.app, 'GET', '/api/admin/audit?limit=200', { token: admin });
    const entry = audit
      .json<{ Entries: { Action: string; Path: string; Status: number }[] }>()
      .Entries.find((e) => e.Path.includes(second.Id));
    expect(entry).toMatchObject({ Action: 'warranty.accept', Status: 200 });
    // Decided: nothing is left to decide, either way.
    expect((await decide(first.Id, 'accept')).json()).toMatchObject({ Error: 'warranty_claim_decided' });
    expect((await decide(second.Id, 'reject')).statusCode).toBe(409);
  });

  it('rejecting the second claim leaves the registration and mails the claimant in their language', async () => {
    const { squatter, buyer, serial, second } = await dispute('de-DE');
    const rejected = await decide(second.Id, 'reject');
    expect(rejected.json()).toMatchObject({ Id: second.Id, Status: 'rejected' });
    expect(await statuses(squatter)).toEqual(['registered']);
    expect(await statuses(buyer)).toEqual(['rejected']);
    expect(await disputeOf(serial)).toBeUndefined();
    const [mail] = await mailsTo(t, buyer.email);
    expect(mail.Subject).toBe(`Ihre Garantie für FarmCam HD ${serial} wurde nicht anerkannt`);
    expect(await mailsTo(t, squatter.email)).toEqual([]);
    expect((await decide(second.Id, 'reject')).json()).toMatchObject({ Error: 'warranty_claim_decided' });
    // With a better proof the buyer may claim again: back to review.
    expect((await register(buyer, buyer.id, body({ SerialNumber: serial }))).json()).toMatchObject({ Status: 'pending_review' });
    expect((await disputeOf(serial))?.Claims).toHaveLength(2);
  });

  it('accepting the registration rejects every claim in review', async () => {
    const { squatter: holder, buyer, serial, first, second } = await dispute();
    const third = await createMember(t);
    await register(third, third.id, body({ SerialNumber: serial }));
    expect((await disputeOf(serial))?.Claims.map((c) => c.Status)).toEqual(['registered', 'pending_review', 'pending_review']);
    expect((await decide(first.Id, 'accept')).json()).toMatchObject({ Status: 'registered' });
    expect(await statuses(holder)).toEqual(['registered']);
    expect(await statuses(buyer)).toEqual(['rejected']);
    expect(await statuses(third)).toEqual(['rejected']);
    expect((await decide(second.Id, 'accept')).statusCode).toBe(409);
  });

  it('is for admins only, and names an unknown claim 404', async () => {
    const { buyer, squatter, second } = await dispute();
    for (const who of [buyer, squatter]) {
      expect((await call(t.app, 'GET', '/api/admin/warranty-claims', { token: who.token })).statusCode).toBe(403);
      expect((await decide(second.Id, 'accept', who.token)).statusCode).toBe(403);
      expect((await decide(second.Id, 'reject', who.token)).statusCode).toBe(403);
    }
    expect((await call(t.app, 'GET', '/api/admin/warranty-claims')).statusCode).toBe(401);
    expect((await call(t.app, 'POST', `/api/admin/warranty-claims/${second.Id}/accept`)).statusCode).toBe(401);
    expect((await decide('00000000-0000-0000-0000-000000000000', 'accept')).statusCode).toBe(404);
    expect(await statuses(buyer)).toEqual(['pending_review']);
  });
});
