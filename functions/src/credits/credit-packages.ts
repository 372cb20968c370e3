import { derivePackageViews, type CreditPackageSeed, type CreditPackageView } from '@shared/pricing';

export interface CreditPackageRepository {
  /** Active packages, ordered by sort_order. */
  listActive(): Promise<CreditPackageSeed[]>;
}

/** The credit packages the purchase dialog offers, with the derived price fields. */
export async function listCreditPackages(repo: CreditPackageRepository): Promise<CreditPackageView[]> {
  return derivePackageViews(await repo.listActive());
}
