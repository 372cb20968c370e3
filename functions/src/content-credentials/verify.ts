/**
 * Reads an image's content credentials and says, for anyone: none, signed by us (chains to our CA), signed by
 * someone else, or altered after signing (a hash or the signature no longer matches).
 */
import { CAR_FIDELITY_ASSERTION, PHOTO_HASH_KEY, type CarFidelityAssertion } from '@shared/content-credentials';
import type { CredentialsReport } from '@shared/schemas/content-credentials';
import { readAsset } from './c2pa';
import { derToPem } from './certificates';
import type { ContentSigner } from './ports';

interface Status {
  code: string;
  explanation?: string;
}
interface Manifest {
  title?: string;
  ingredients?: Array<{ relationship?: string; metadata?: Record<string, unknown> }>;
  assertions?: Array<{ label: string; data: Record<string, unknown> }>;
  signature_info?: { issuer?: string; common_name?: string };
}
interface Action {
  action: string;
  description?: string;
  digitalSourceType?: string;
  when?: string;
  parameters?: { renderer?: string; model?: string };
}

/** Failures that say the signer is not one we trust, not that the image changed. */
const TRUST_CODES = /^signingCredential\.(untrusted|ocsp|expired)|^timeStamp\./;

const EMPTY: CredentialsReport = {
  status: 'none',
  signedBy: null,
  title: null,
  renderer: null,
  model: null,
  digitalSourceType: null,
  actions: [],
  carFidelity: null,
  photoSha256: null,
  problems: [],
};

export async function verifyCredentials(bytes: Buffer, format: string, signer: ContentSigner): Promise<CredentialsReport> {
  const chain = await signer.certificateChain();
  const trustAnchor = derToPem(chain[chain.length - 1]!);
  let read: Awaited<ReturnType<typeof readAsset>>;
  try {
    read = await readAsset(bytes, format, trustAnchor);
  } catch (error) {
    // A manifest so damaged it cannot be parsed: credentials were there, the image is not as signed.
    return { ...EMPTY, status: 'altered', problems: [String((error as Error)?.message ?? error).slice(0, 200)] };
  }
  if (!read) return EMPTY;
  const store = read.store as { active_manifest?: string; manifests?: Record<string, Manifest>; validation_state?: string; validation_results?: { activeManifest?: { success?: Status[]; failure?: Status[] } } };
  const manifest = store.active_manifest ? store.manifests?.[store.active_manifest] : undefined;
  const results = store.validation_results?.activeManifest;
  const failures = (results?.failure ?? []).map((f) => f.code);
  const altered = failures.filter((code) => !TRUST_CODES.test(code));
  const trusted = (results?.success ?? []).some((s) => s.code === 'signingCredential.trusted');
  const status = !manifest || altered.length > 0 ? 'altered' : trusted ? 'signed_by_us' : 'not_signed_by_us';

  const assertions = manifest?.assertions ?? [];
  const actions = (assertions.find((a) => a.label.startsWith('c2pa.actions'))?.data.actions as Action[] | undefined) ?? [];
  const edit = actions.find((a) => a.action === 'c2pa.edited');
  const fidelity = assertions.find((a) => a.label === CAR_FIDELITY_ASSERTION)?.data as CarFidelityAssertion | undefined;
  const parent = manifest?.ingredients?.find((i) => i.relationship === 'parentOf');
  const hash = parent?.metadata?.[PHOTO_HASH_KEY];
  const info = manifest?.signature_info;
  return {
    status,
    signedBy: info ? [info.issuer, info.common_name].filter(Boolean).join(', ') || null : null,
    title: manifest?.title ?? null,
    renderer: edit?.parameters?.renderer ?? null,
    model: edit?.parameters?.model ?? null,
    digitalSourceType: edit?.digitalSourceType ?? null,
    actions: actions.map((a) => ({ action: a.action, description: a.description ?? null, digitalSourceType: a.digitalSourceType ?? null, when: a.when ?? null })),
    carFidelity: fidelity ? { measured: !!fidelity.measured, score: fidelity.score ?? null, threshold: fidelity.threshold, passed: fidelity.passed ?? null } : null,
    photoSha256: typeof hash === 'string' ? hash : null,
    problems: altered,
  };
}
