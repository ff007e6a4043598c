// Warranties (docs/product/api.md "Warranties", rules in docs/product/validation.md): an account registers a product
// it bought with a proof of purchase, lists its registrations, and downloads a proof again. A claim of a serial
// another account holds waits for staff (review.ts).
import {
  ProofOfPurchaseQuery,
  RegisterWarrantyBody,
  UserIdParams,
  Warranty,
  WarrantyList,
  WarrantySerialParams,
} from '@paddock/shared/contract';
import {
  base64DecodedLength,
  checkProof,
  checkPurchaseDate,
  checkRetailer,
  checkSerialNumber,
  isBase64,
  normalizeSerialNumber,
  PROOF_EXTENSIONS,
  PROOF_MAX_BASE64_LENGTH,
  PROOF_MAX_BYTES,
  PROOF_TYPES,
  SERIAL_NUMBER_MAX_LENGTH,
  sniffProofType,
  type ProofType,
  WARRANTIES_PER_ACCOUNT_MAX,
} from '@paddock/shared/domain';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type TSchema } from '@sinclair/typebox';
import { authorize, may } from '../access';
import type { AppContext } from '../context';
import { badRequest, notFound, unauthorized } from '../http/errors';
import { bearerAuth, errorReplies } from '../http/schemas';
import { findUserById } from '../users';
import { warrantyReviewRoutes } from './review';
import { findWarrantiesBySerial, insertWarranty, listWarranties, readProof, toWarranty } from './store';

/** Room for the largest proof as base64 plus the other fields; the app's default limit stays for every other route. */
const WARRANTY_BODY_LIMIT = PROOF_MAX_BASE64_LENGTH + 64 * 1024;

const PROOF_FIELD = 'ProofOfPurchase';

/**
 * The shapes a registration's date and proof also come in (docs/product/api.md "Shapes accepted"), as the one form kept:
 * a timestamp's calendar date as written (its own zone: the buyer's day), and a data: URL's base64 (its declared type
 * is not trusted: the content says what the file is). A data: URL that is not base64: 400 naming ProofOfPurchase.
 */
function purchaseDateOf(value: string): string {
  if (value.length > 10 && Number.isNaN(Date.parse(value)))
    throw badRequest('invalid_field', 'DateOfPurchase', { field: 'DateOfPurchase' });
  return value.slice(0, 10);
}
function proofBase64Of(value: string): string {
  if (!value.startsWith('data:')) return value;
  const comma = value.indexOf(',');
  if (comma < 0 || !/;base64$/i.test(value.slice(0, comma))) throw badRequest('proof_not_base64', PROOF_FIELD);
  return value.slice(comma + 1);
}

/** The proof's bytes and their type, checked by content (docs/product/validation.md); 400 naming ProofOfPurchase otherwise. */
function decodeProof(base64: string): { bytes: Buffer; type: ProofType } {
  // Checked on the text first: a base64 text this long cannot decode to 10 MB or less.
  if (base64.length > PROOF_MAX_BASE64_LENGTH) throw badRequest('proof_too_large', PROOF_FIELD, { max: PROOF_MAX_BYTES / (1024 * 1024) });
  if (!isBase64(base64)) throw badRequest('proof_not_base64', PROOF_FIELD);
  const bytes = Buffer.from(base64, 'base64');
  const type = sniffProofType(bytes);
  switch (checkProof(base64DecodedLength(base64), type)) {
    case null:
      return { bytes, type: type! };
    case 'required':
      throw badRequest('missing_field', PROOF_FIELD, { field: PROOF_FIELD });
    case 'tooLarge':
      throw badRequest('proof_too_large', PROOF_FIELD, { max: PROOF_MAX_BYTES / (1024 * 1024) });
    default:
      throw badRequest('proof_unsupported_type', PROOF_FIELD);
  }
}

/** A file name of safe characters for Content-Disposition: the serial number (letters, digits, . _ -) and the type's extension. */
const proofFileName = (serialNumber: string, type: ProofType) => `proof-of-purchase-${serialNumber}.${PROOF_EXTENSIONS[type]}`;

export const warrantyRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db, config } = ctx;
  await app.register(warrantyReviewRoutes, { ctx });

  app.get(
    '/users/:id/warranties',
    {
      schema: {
        tags: ['warranties'],
        summary: "The account's registered warranties, oldest first (each with the path of its proof's download)",
        security: bearerAuth,
        params: UserIdParams,
        response: { 200: WarrantyList, ...errorReplies(401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      authorize(request, 'warranty:list', { userId: id });
      if (!(await findUserById(db, id))) throw notFound();
      return (await listWarranties(db, id)).map(toWarranty);
    },
  );

  app.post(
    '/users/:id/warranties',
    {
      bodyLimit: WARRANTY_BODY_LIMIT,
      // Who may register is decided before the body is read: a stranger's or anonymous 14 MB upload is refused at its
      // headers instead of being received and parsed first (docs/product/api.md "Warranties").
      onRequest: async (request) => {
        authorize(request, 'warranty:register', { userId: request.params.id });
      },
      schema: {
        tags: ['warranties'],
        summary: `Registers a warranty: a product of the warranty list, its serial number, retailer, date of purchase (not in the future) and the proof of purchase (base64 PDF, JPEG or PNG, at most 10 MB); at most ${WARRANTIES_PER_ACCOUNT_MAX} warranties per account. A product and serial another account holds is answered alike, with Status pending_review: staff decide`,
        security: bearerAuth,
        params: UserIdParams,
        body: RegisterWarrantyBody,
        response: { 201: Warranty, ...errorReplies(400, 401, 403, 404, 409, 413) },
      },
    },
    async (request, reply) => {
      // Authorized by the onRequest hook above; the account's existence and the cap are checked as it is stored (store.ts).
      const { id } = request.params;
      const body = request.body;
      // The contract checks the shapes; these are the rules a pattern cannot say (docs/product/validation.md).
      const serialError = checkSerialNumber(body.SerialNumber);
      if (serialError === 'required') throw badRequest('missing_field', 'SerialNumber', { field: 'SerialNumber' });
      if (serialError === 'tooLong') throw badRequest('too_long', 'SerialNumber', { field: 'SerialNumber', max: SERIAL_NUMBER_MAX_LENGTH });
      if (serialError) throw badRequest('invalid_field', 'SerialNumber', { field: 'SerialNumber' });
      if (checkRetailer(body.Retailer)) throw badRequest('missing_field', 'Retailer', { field: 'Retailer' });
      const dateOfPurchase = purchaseDateOf(body.DateOfPurchase);
      const dateError = checkPurchaseDate(dateOfPurchase, config.now());
      if (dateError === 'inFuture') throw badRequest('purchase_date_in_future', 'DateOfPurchase');
      if (dateError) throw badRequest('invalid_field', 'DateOfPurchase', { field: 'DateOfPurchase' });
      const proof = decodeProof(proofBase64Of(body.ProofOfPurchase));
      const row = await insertWarranty(
        db,
        {
          userId: id,
          product: body.Product,
          serialNumber: normalizeSerialNumber(body.SerialNumber),
          retailer: body.Retailer.trim(),
          dateOfPurchase,
          proofType: proof.type,
          proof: proof.bytes,
        },
        config.now(),
      );
      request.log.info(
        { userId: id, product: row.product, status: row.status, proofType: row.proofType, proofSize: row.proofSize },
        'warranty registered',
      );
      return reply.code(201).send(toWarranty(row));
    },
  );

  app.get(
    '/warranties/:serial/proof-of-purchase',
    {
      schema: {
        tags: ['warranties'],
        summary:
          'The proof of purchase as an attachment with the type recognised at registration (PDF, JPEG or PNG); `claim` picks one claim of the serial. Only the account that registered it and admins; anyone else gets 404',
        security: bearerAuth,
        params: WarrantySerialParams,
        querystring: ProofOfPurchaseQuery,
        response: {
          200: {
            description: 'The file, sent with X-Content-Type-Options: nosniff',
            content: Object.fromEntries(PROOF_TYPES.map((type) => [type, { schema: Type.String({ format: 'binary' }) }])),
          } as { description: string; content: Record<string, { schema: TSchema }> },
          ...errorReplies(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const session = request.session;
      if (!session) throw unauthorized();
      const { product, claim } = request.query;
      const candidates = await findWarrantiesBySerial(db, normalizeSerialNumber(request.params.serial), { product, claim });
      // Not "forbidden": a serial registered by someone else looks the same as one nobody registered.
      const warranty = candidates.find((candidate) => may(session.user, 'warranty:read', { userId: candidate.userId }));
      const proof = warranty && (await readProof(db, warranty.id));
      if (!warranty || !proof) throw notFound();
      return reply
        .header('Content-Type', warranty.proofType)
        .header('Content-Disposition', `attachment; filename="${proofFileName(warranty.serialNumber, warranty.proofType)}"`)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(proof);
    },
  );
};
