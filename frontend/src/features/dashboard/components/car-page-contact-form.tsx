import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { CONTACT_FIELDS, type ContactField } from '@shared/dealer-contact';
import { CONTACT_ADDRESS_MAX, CONTACT_EMAIL_MAX, CONTACT_PHONE_MAX } from '@shared/limits';
import { CONTACT_MESSAGES } from '@shared/messages';
import type { Profile } from '@shared/schemas/account';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { useProfileForm } from '../hooks/use-profile-form';

const LABELS: Record<ContactField, { label: string; hint: string }> = {
  contact_phone: { label: 'Phone', hint: 'As buyers dial it, e.g. +1 555 010 2030. The page offers it as a Call button.' },
  contact_email: { label: 'Contact e-mail', hint: 'Buyers write to this address, with the car in the subject. Your sign-in e-mail is never shown.' },
  contact_address: { label: 'Address', hint: `Where buyers find you: street, town, postcode (at most ${CONTACT_ADDRESS_MAX} characters).` },
};

/**
 * Settings, "Car page contact" (issue 41, item 6): the phone, contact e-mail and address shown on the public page of
 * every car the dealer shares, each optional; an empty field hides it. Checked and saved as the profile form is (useProfileForm).
 */
export function CarPageContactForm({ profile }: { profile: Profile }) {
  const { id, errors, pending, submit, field } = useProfileForm(profile, CONTACT_FIELDS, () => toast.success(CONTACT_MESSAGES.saved));
  const wrap = (name: ContactField, control: ReactNode) => (
    <div className="grid gap-2">
      <Label htmlFor={`${id}-${name}`}>
        {LABELS[name].label} <span className="font-normal text-slate-600">(optional)</span>
      </Label>
      {control}
      <p id={`${id}-${name}-hint`} className="text-sm text-slate-600">
        {LABELS[name].hint}
      </p>
      {errors[name] && (
        <p id={`${id}-${name}-error`} role="alert" className="text-sm font-medium text-red-700">
          {errors[name]}
        </p>
      )}
    </div>
  );

  return (
    <form onSubmit={submit} noValidate className="grid gap-5" data-testid="car-page-contact">
      {wrap('contact_phone', <Input {...field('contact_phone')} type="tel" inputMode="tel" autoComplete="tel" maxLength={CONTACT_PHONE_MAX} />)}
      {wrap('contact_email', <Input {...field('contact_email')} type="email" inputMode="email" autoComplete="email" maxLength={CONTACT_EMAIL_MAX} />)}
      {wrap('contact_address', <Textarea {...field('contact_address')} rows={3} autoComplete="street-address" maxLength={CONTACT_ADDRESS_MAX} className="min-h-20" />)}
      <div>
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving...' : 'Save contact'}
        </Button>
      </div>
    </form>
  );
}
