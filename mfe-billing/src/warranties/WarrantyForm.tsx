import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { ApiError, failureText, showToast, warrantiesApi } from '@paddock/shared/api';
import type { Warranty } from '@paddock/shared/contract';
import {
  checkPurchaseDate,
  checkRetailer,
  checkSerialNumber,
  checkWarrantyProduct,
  latestPurchaseDate,
  normalizeSerialNumber,
  PROOF_MAX_BYTES,
  RETAILER_MAX_LENGTH,
  SERIAL_NUMBER_MAX_LENGTH,
  WARRANTY_PRODUCTS,
  type ProofType,
  type WarrantyFieldError,
  type WarrantyProduct,
} from '@paddock/shared/domain';
import { useT } from '@paddock/shared/i18n';
import {
  Actions,
  Alert,
  Button,
  Card,
  DateField,
  FileField,
  Select,
  TextField,
  uiTexts,
  useFormErrors,
  type FieldErrors,
  type FieldMessage,
} from '@paddock/shared/ui';
import { checkProofFile, fileToBase64 } from './proofFile';
import { warrantiesTexts } from './messages';

type Field = 'Product' | 'SerialNumber' | 'Retailer' | 'DateOfPurchase' | 'ProofOfPurchase';
const FIELDS: readonly Field[] = ['Product', 'SerialNumber', 'Retailer', 'DateOfPurchase', 'ProofOfPurchase'];
const PRODUCT_OPTIONS = WARRANTY_PRODUCTS.map((product) => ({ value: product, label: product }));
const MAX_MB = PROOF_MAX_BYTES / (1024 * 1024);

interface Draft {
  Product: string;
  SerialNumber: string;
  Retailer: string;
  DateOfPurchase: string;
}
const EMPTY: Draft = { Product: '', SerialNumber: '', Retailer: '', DateOfPurchase: '' };

/** The chosen file, its type from its content, and an object URL to preview it when it is an image. */
interface ChosenProof {
  file: File;
  type: ProofType | null;
  previewUrl: string | null;
}

const m = warrantiesTexts.messages;

/** A check's code as a message: the field's own text for each code, `required` the shared one. */
function messageOf(code: WarrantyFieldError, messages: Partial<Record<NonNullable<WarrantyFieldError>, FieldMessage>>): FieldMessage {
  if (!code) return null;
  return messages[code] ?? { message: uiTexts.messages.required };
}

/** The typed fields' errors by the shared rules (docs/product/validation.md "Warranties"). */
function draftErrors(draft: Draft, now: Date): FieldErrors<Field> {
  const choice = { message: uiTexts.messages.invalidChoice };
  return {
    Product: messageOf(checkWarrantyProduct(draft.Product), { required: choice, invalid: choice }),
    SerialNumber: messageOf(checkSerialNumber(draft.SerialNumber), {
      invalid: { message: m.serialInvalid },
      tooLong: { message: m.serialTooLong, values: { max: SERIAL_NUMBER_MAX_LENGTH } },
    }),
    Retailer: messageOf(checkRetailer(draft.Retailer), { tooLong: { message: m.retailerTooLong, values: { max: RETAILER_MAX_LENGTH } } }),
    DateOfPurchase: messageOf(checkPurchaseDate(draft.DateOfPurchase, now), {
      invalid: { message: m.dateInvalid },
      inFuture: { message: m.dateInFuture },
    }),
  };
}

/** The localized message of a file's problem, or null. */
function proofMessage(proof: ChosenProof | null, problem: Awaited<ReturnType<typeof checkProofFile>>['error']): FieldMessage {
  switch (problem) {
    case null:
      return null;
    case 'required':
      return { message: m.proofRequired };
    case 'tooLarge':
      return { message: m.proofTooLarge, values: { size: ((proof?.file.size ?? 0) / (1024 * 1024)).toFixed(1), max: MAX_MB } };
    default:
      return { message: m.proofUnsupported, values: { name: proof?.file.name ?? '' } };
  }
}

/**
 * The registration form of /warranties (docs/product/screens.md): every field checked with the shared rules before
 * sending (docs/product/validation.md "Warranties"); a failure keeps everything typed and chosen, and a reply naming
 * a field puts its message under that field.
 */
export function WarrantyForm({ userId, onRegistered }: { userId: string; onRegistered: (warranty: Warranty) => void }) {
  const t = useT();
  const { formRef, errors, show, clear, bind } = useFormErrors(FIELDS);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [proof, setProof] = useState<ChosenProof | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // A new key empties the file input after a registration (a file input's value cannot be set).
  const [fileInputKey, setFileInputKey] = useState(0);
  const today = latestPurchaseDate(new Date());

  useEffect(() => () => void (proof?.previewUrl && URL.revokeObjectURL(proof.previewUrl)), [proof]);

  const set = (key: keyof Draft) => (value: string) => setDraft((current) => ({ ...current, [key]: value }));

  function fieldErrors(): FieldErrors<Field> {
    return {
      ...draftErrors(draft, new Date()),
      ProofOfPurchase: proof ? errors.ProofOfPurchase : { message: m.proofRequired },
    };
  }

  async function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0] ?? null;
    clear('ProofOfPurchase');
    if (!file) {
      setProof(null);
      return;
    }
    try {
      const { type, error } = await checkProofFile(file);
      const chosen: ChosenProof = {
        file,
        type,
        previewUrl: type && type !== 'application/pdf' && !error ? URL.createObjectURL(file) : null,
      };
      setProof(chosen);
      if (error) show({ ProofOfPurchase: proofMessage(chosen, error) });
    } catch {
      setProof(null);
      show({ ProofOfPurchase: { message: m.proofUnreadable } });
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    if (!show(fieldErrors()) || !proof) return;
    setBusy(true);
    try {
      const warranty = await warrantiesApi.register(
        userId,
        {
          Product: draft.Product as WarrantyProduct,
          SerialNumber: normalizeSerialNumber(draft.SerialNumber),
          Retailer: draft.Retailer.trim(),
          DateOfPurchase: draft.DateOfPurchase,
          ProofOfPurchase: await fileToBase64(proof.file),
        },
        { silent: true, background: true },
      );
      const done = warranty.Status === 'pending_review' ? m.inReview : m.registered;
      showToast({ kind: 'success', text: t(done, { product: warranty.Product, serial: warranty.SerialNumber }) });
      setDraft(EMPTY);
      setProof(null);
      setFileInputKey((key) => key + 1);
      onRegistered(warranty);
    } catch (error) {
      const { text, field } = describeFailure(error, t);
      const named = FIELDS.find((name) => name === field);
      if (named) show({ [named]: text });
      else setFailure(text);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card>
      <h2 className="pd-warranties__heading">{t(m.formHeading)}</h2>
      <form ref={formRef} className="pd-form" noValidate onSubmit={submit}>
        {failure ? <Alert>{failure}</Alert> : null}
        <Select
          label={t(m.product)}
          placeholder={t(m.chooseProduct)}
          options={PRODUCT_OPTIONS}
          {...bind('Product', draft.Product, set('Product'))}
        />
        <TextField
          label={t(m.serialNumber)}
          hint={t(m.serialHint)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          {...bind('SerialNumber', draft.SerialNumber, set('SerialNumber'))}
        />
        <TextField label={t(m.retailer)} autoComplete="organization" {...bind('Retailer', draft.Retailer, set('Retailer'))} />
        {/* Date and file in the page's language, not the browser's (shared DateField and FileField). */}
        <DateField label={t(m.dateOfPurchase)} max={today} {...bind('DateOfPurchase', draft.DateOfPurchase, set('DateOfPurchase'))} />
        <FileField
          key={fileInputKey}
          label={t(m.proofOfPurchase)}
          name="ProofOfPurchase"
          // A hint for the file picker only: the content decides (checkProofFile, and the server).
          accept="application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png"
          hint={t(m.proofHint, { max: MAX_MB })}
          error={errors.ProofOfPurchase}
          fileName={proof?.file.name ?? null}
          onChange={(event) => void chooseFile(event)}
        >
          {proof?.previewUrl && !errors.ProofOfPurchase ? (
            <div className="pd-warranties__preview">
              <img src={proof.previewUrl} alt={t(m.previewAlt)} />
            </div>
          ) : null}
        </FileField>
        <Actions>
          <Button type="submit" variant="primary" busy={busy}>
            {t(m.register)}
          </Button>
        </Actions>
      </form>
    </Card>
  );
}

/** The server's localized message, else docs/product/errors.md's text for the status. */
function describeFailure(error: unknown, t: ReturnType<typeof useT>): { text: string; field?: string } {
  if (error instanceof ApiError) {
    const fallback = failureText(error.status, error.statusText, error.body);
    return { text: error.serverMessage.trim() || t(fallback.message, fallback.values), field: error.field };
  }
  return { text: t(m.unexpected) };
}
