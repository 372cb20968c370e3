// Icons the landing page does not use: a shared icon becomes an extra chunk on the landing page.
import { BadgeCheck, LogOut, Star } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { toast } from 'sonner';
import { CONTACT_MESSAGES, EMAIL_SETTING_MESSAGES, MESSAGES } from '@shared/messages';
import { PLATE_MESSAGES } from '@shared/plates';
import type { Profile } from '@shared/schemas/account';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { usePageMeta } from '@/lib/page-meta';
import { useMe, useUpdateProfile } from '../api/account';
import { useProfileForm } from '../hooks/use-profile-form';
import { useSignOut } from '../hooks/use-sign-out';
import { PlateTreatmentSelect } from '@/components/plate-treatment-select';
import { CarPageContactForm } from './car-page-contact-form';
import { DeleteAccount } from './delete-account';
import { LogoUpload } from './logo-upload';
import { PageHeading } from './page-heading';

const PROFILE_FIELDS = ['dealer_name', 'logo_url'] as const;

function ProfileForm({ profile }: { profile: Profile }) {
  // The same schema the server applies: https image URL, length limits.
  const { id, errors, pending, submit, field } = useProfileForm(profile, PROFILE_FIELDS, () =>
    toast.success(MESSAGES.profileUpdated.title, { description: MESSAGES.profileUpdated.description }),
  );
  const error = (name: (typeof PROFILE_FIELDS)[number]) =>
    errors[name] && (
      <p id={`${id}-${name}-error`} role="alert" className="text-sm font-medium text-red-700">
        {errors[name]}
      </p>
    );

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <div className="grid gap-2">
        <Label htmlFor={`${id}-email`}>Email</Label>
        <Input id={`${id}-email`} type="email" value={profile.email} readOnly disabled aria-describedby={`${id}-email-hint`} />
        <p id={`${id}-email-hint`} className="text-sm text-slate-600">
          {MESSAGES.emailCannotChange}
        </p>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-dealer_name`}>Dealership Name</Label>
        <Input {...field('dealer_name')} autoComplete="organization" placeholder="Your Dealership" />
        <p id={`${id}-dealer_name-hint`} className="sr-only">
          Shown in your dashboard.
        </p>
        {error('dealer_name')}
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-logo_url`}>Logo URL</Label>
        <Input {...field('logo_url')} type="url" inputMode="url" placeholder="https://example.com/logo.png" />
        <p id={`${id}-logo_url-hint`} className="text-sm text-slate-600">
          An https:// link to a PNG, JPG, WebP or SVG image of your logo. For your studio images, upload the file below.
        </p>
        {error('logo_url')}
      </div>
      <div>
        <Button type="submit" disabled={pending}>
          {pending ? 'Updating...' : 'Update Profile'}
        </Button>
      </div>
    </form>
  );
}

/** The default plate treatment of new packages, saved as soon as it is chosen. */
function PlateDefault({ profile }: { profile: Profile }) {
  const update = useUpdateProfile();
  return (
    <PlateTreatmentSelect
      value={update.variables?.plate_treatment ?? profile.plate_treatment}
      disabled={update.isPending}
      hint={PLATE_MESSAGES.settingsHint}
      logoAvailable={profile.has_logo}
      onChange={(plate_treatment) =>
        update.mutate(
          { plate_treatment },
          {
            onSuccess: () => toast.success(PLATE_MESSAGES.saved),
            onError: (error) => toast.error(MESSAGES.settingsUpdateFailedTitle, { description: error.message || MESSAGES.settingsUpdateFailedFallback }),
          },
        )
      }
    />
  );
}

/** "E-mail me when a car package is ready" (on by default), saved as soon as it is switched. */
function ReadyMailSwitch({ profile }: { profile: Profile }) {
  const id = useId();
  const update = useUpdateProfile();
  const checked = update.isPending ? (update.variables?.package_ready_email ?? profile.package_ready_email) : profile.package_ready_email;
  return (
    <div className="flex items-center justify-between gap-4">
      <div className="min-w-0">
        <Label htmlFor={id} id={`${id}-label`}>
          {EMAIL_SETTING_MESSAGES.readyLabel}
        </Label>
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {EMAIL_SETTING_MESSAGES.readyHint}
        </p>
      </div>
      <Switch
        id={id}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
        checked={checked}
        disabled={update.isPending}
        onCheckedChange={(package_ready_email) =>
          update.mutate(
            { package_ready_email },
            {
              onSuccess: () => toast.success(package_ready_email ? EMAIL_SETTING_MESSAGES.savedOn : EMAIL_SETTING_MESSAGES.savedOff),
              onError: (error) => toast.error(MESSAGES.settingsUpdateFailedTitle, { description: error.message || MESSAGES.settingsUpdateFailedFallback }),
            },
          )
        }
      />
    </div>
  );
}

/** `children`: sections other features add (the app composes them: API keys and webhooks). */
export default function SettingsPage({ children }: { children?: ReactNode }) {
  usePageMeta('Settings', 'Your dealership profile and account.');
  const me = useMe();
  const signOut = useSignOut();
  const profile = me.data?.profile;
  const isSuper = profile?.role === 'super';
  // Issue 42: branding is for managers and owners, deleting the dealership for owners (the server refuses the rest).
  const role = me.data?.member.role;
  const canBrand = role === 'owner' || role === 'manager';
  const founder = !!me.data && me.data.member.id === me.data.profile.id;
  return (
    <section>
      <PageHeading title="Settings" description="Manage your dealership profile and account.">
        {profile && (
          <Badge colour={isSuper ? 'green' : 'gray'} className="gap-1 text-sm">
            {isSuper && <BadgeCheck className="size-4" aria-hidden="true" />}
            {isSuper ? 'Super User' : 'Standard User'}
          </Badge>
        )}
      </PageHeading>
      <div className="grid max-w-2xl gap-6">
        <Card>
          <CardHeader>
            <CardTitle>Profile</CardTitle>
            <CardDescription>Your dealership details.</CardDescription>
          </CardHeader>
          <CardContent>
            {profile && !canBrand ? (
              <p className="text-sm text-slate-700">
                {profile.dealer_name ?? 'Your dealership'}. Your role cannot change the dealership&apos;s settings: ask a manager or owner.
              </p>
            ) : profile ? (
              <ProfileForm key={profile.id} profile={profile} />
            ) : me.isError ? (
              <p role="alert" className="text-sm text-red-700">
                {me.error.message}
              </p>
            ) : (
              <Spinner label="Loading your profile" />
            )}
          </CardContent>
        </Card>
        {profile && canBrand && (
          <Card>
            <CardHeader>
              <CardTitle>Car page contact</CardTitle>
              <CardDescription>{CONTACT_MESSAGES.hint}</CardDescription>
            </CardHeader>
            <CardContent>
              <CarPageContactForm key={profile.id} profile={profile} />
            </CardContent>
          </Card>
        )}
        {profile && canBrand && (
          <Card>
            <CardHeader>
              <CardTitle>Logo on your images</CardTitle>
              <CardDescription>The logo we place on your studio images.</CardDescription>
            </CardHeader>
            <CardContent>
              <LogoUpload hasLogo={profile.has_logo} />
            </CardContent>
          </Card>
        )}
        {profile && canBrand && (
          <Card>
            <CardHeader>
              <CardTitle>Number plates</CardTitle>
              <CardDescription>What your studio images show of the car&apos;s number plate.</CardDescription>
            </CardHeader>
            <CardContent>
              <PlateDefault key={profile.id} profile={profile} />
            </CardContent>
          </Card>
        )}
        {profile && canBrand && (
          <Card>
            <CardHeader>
              <CardTitle>E-mails</CardTitle>
              <CardDescription>What we e-mail you at {profile.email}.</CardDescription>
            </CardHeader>
            <CardContent>
              <ReadyMailSwitch key={profile.id} profile={profile} />
            </CardContent>
          </Card>
        )}
        {isSuper && (
          <Card className="border-green-200 bg-green-50/50">
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <Star className="size-5 text-green-700" aria-hidden="true" />
                Advanced features
              </CardTitle>
              <CardDescription className="text-slate-700">
                As a super user you also have My Images and the Image Processor (batch processing, one image per photo
                at 1 credit each) in the sidebar.
              </CardDescription>
            </CardHeader>
          </Card>
        )}
        {profile && children}
        <Card>
          <CardHeader>
            <CardTitle>Account Actions</CardTitle>
            <CardDescription>Sign out of your account on every device, or delete your account and all its data.</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-wrap gap-3">
            <Button variant="outline" onClick={() => void signOut()}>
              <LogOut aria-hidden="true" />
              Log Out
            </Button>
            {/* Issue 42: the account that created the dealership deletes it whole (owners); another owner may too; every other member deletes their own data. */}
            {role === 'owner' && founder && <DeleteAccount />}
            {role === 'owner' && !founder && <DeleteAccount scope="team" />}
            {!founder && <DeleteAccount scope="me" />}
          </CardContent>
        </Card>
      </div>
    </section>
  );
}
