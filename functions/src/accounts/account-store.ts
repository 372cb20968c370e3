import { DEFAULT_PLATE_TREATMENT, type PlateTreatment } from '@shared/plates';
import type { ContactField } from '@shared/dealer-contact';
import type { Profile } from '@shared/schemas/account';
import type { StoredBalance } from '../credits/balance';
import type { LedgerEntry } from '../credits/credit-store';

export interface StoredProfile extends Omit<Profile, 'has_logo' | 'plate_treatment' | 'package_ready_email' | ContactField> {
  updated_at: string;
  /** Absent (null) on profiles made before the setting existed: the default then. */
  plate_treatment?: PlateTreatment | null;
  /** Absent (null) until the dealer turns the ready mail off or on again in Settings: on. */
  package_ready_email?: boolean | null;
  /** The checked logo in the uploads bucket (logos/<sub>/...), set only by POST /api/profile/logo. */
  logo_key: string | null;
  /** The public contact on shared car pages (absent on profiles made before it existed: none). */
  contact_phone?: string | null;
  contact_address?: string | null;
  contact_email?: string | null;
}

export interface NewAccount {
  profile: StoredProfile;
  balance: StoredBalance;
  /** The grant of the trial credits and the mailbox it claims (absent: the account starts without them). */
  trial?: { grant: LedgerEntry; mailboxHash: string };
}

/** Why an account was created without trial credits. */
export type TrialRefusal = 'address' | 'network';

export interface ProfileChanges {
  dealer_name?: string | null;
  logo_url?: string | null;
  plate_treatment?: PlateTreatment;
  package_ready_email?: boolean;
  contact_phone?: string | null;
  contact_address?: string | null;
  contact_email?: string | null;
}

/** Port: profiles and the account creation transaction (DynamoDB in both homes). */
export interface AccountStore {
  /**
   * Creates the profile, the balance with its trial credits, the ledger entry of that grant and the e-mail lookup,
   * all or nothing, only when the account does not exist yet.
   */
  createIfMissing(account: NewAccount): Promise<'created' | 'exists' | 'mailbox_had_trial'>;
  /** Whether the account was refused its trial credits before its first sign-in (its network's cap was reached). */
  trialCreditRefusal(sub: string): Promise<TrialRefusal | undefined>;
  /** Records that the account just created gets no trial credits at its first sign-in. */
  refuseTrialCredits(sub: string, reason: TrialRefusal, now: Date): Promise<void>;
  getProfile(sub: string): Promise<StoredProfile | undefined>;
  /** Undefined when the profile does not exist (nothing is created). */
  updateProfile(sub: string, changes: ProfileChanges, now: Date): Promise<StoredProfile | undefined>;
  findSubByEmail(email: string): Promise<string | undefined>;
  /** Undefined when the profile does not exist. */
  setLogoKey(sub: string, key: string | null, now: Date): Promise<StoredProfile | undefined>;
  /** Undefined when the profile does not exist. */
  setRole(sub: string, role: Profile['role'], now: Date): Promise<StoredProfile | undefined>;
}

/** A stored profile as the API shows it. */
export function profileView(p: StoredProfile): Profile {
  return {
    id: p.id,
    email: p.email,
    dealer_name: p.dealer_name,
    logo_url: p.logo_url,
    has_logo: Boolean(p.logo_key),
    plate_treatment: p.plate_treatment ?? DEFAULT_PLATE_TREATMENT,
    package_ready_email: packageReadyEmailOf(p),
    contact_phone: p.contact_phone ?? null,
    contact_address: p.contact_address ?? null,
    contact_email: p.contact_email ?? null,
    role: p.role,
    user_type: p.user_type,
    total_credits_purchased: p.total_credits_purchased,
    first_purchase_date: p.first_purchase_date,
    trial_credits_refused: p.trial_credits_refused ?? null,
    created_at: p.created_at,
  };
}

/** Whether the dealer gets the "Your car package is ready" e-mail: on unless turned off in Settings. */
export const packageReadyEmailOf = (p: Pick<StoredProfile, 'package_ready_email'>): boolean => p.package_ready_email !== false;
