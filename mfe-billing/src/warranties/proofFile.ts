// The proof of purchase on the way in and out of the browser: its type from its first bytes (the same check as the
// server, docs/product/validation.md "Warranties"), its base64 for the registration, and saving a downloaded one.
import { checkProof, PROOF_EXTENSIONS, sniffProofType, type ProofError, type ProofType } from '@paddock/shared/domain';

/** Enough bytes for every signature sniffProofType knows. */
const HEAD_BYTES = 16;

/** Bytes per String.fromCharCode call: well below the engines' argument limits. */
const CHUNK = 0x8000;

export interface CheckedProof {
  type: ProofType | null;
  error: ProofError;
}

/** The file's type from its content and what is wrong with it, if anything (empty, too large, not PDF/JPEG/PNG). */
export async function checkProofFile(file: Blob): Promise<CheckedProof> {
  const type = sniffProofType(new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer()));
  return { type, error: checkProof(file.size, type) };
}

/** The file as plain base64, as the registration sends it (no `data:` prefix). */
export async function fileToBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let start = 0; start < bytes.length; start += CHUNK) binary += String.fromCharCode(...bytes.subarray(start, start + CHUNK));
  return btoa(binary);
}

/** The name a downloaded proof is saved under. */
export const proofFileName = (serialNumber: string, type: ProofType) => `proof-of-purchase-${serialNumber}.${PROOF_EXTENSIONS[type]}`;
