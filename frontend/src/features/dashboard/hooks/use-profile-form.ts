import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { MESSAGES } from '@shared/messages';
import { updateProfileRequestSchema, type Profile } from '@shared/schemas/account';
import { ApiError } from '@/lib/api-client';
import { useUpdateProfile, type ProfileChanges } from '../api/account';

/** The text fields of the profile a Settings form edits (each a string in the form, null when cleared). */
type TextField = 'dealer_name' | 'logo_url' | 'contact_phone' | 'contact_email' | 'contact_address';

/**
 * One Settings form over some of the profile's text fields: checked by the schema PATCH /api/profile applies, each
 * problem shown under its field (the server's field errors too), saved with one request. Shared by the profile and
 * the car-page contact forms so they validate, submit and report alike.
 */
export function useProfileForm<F extends TextField>(profile: Profile, fields: readonly F[], onSaved: (saved: Profile) => void) {
  const id = useId();
  const initial = (p: Profile) => Object.fromEntries(fields.map((f) => [f, p[f] ?? ''])) as Record<F, string>;
  const [values, setValues] = useState(() => initial(profile));
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const update = useUpdateProfile();
  const isField = (key: string): key is F => (fields as readonly string[]).includes(key);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = updateProfileRequestSchema.safeParse(values);
    if (!parsed.success) {
      const found: Partial<Record<F, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0]);
        if (isField(key)) found[key] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    const changes = Object.fromEntries(fields.map((f) => [f, parsed.data[f]])) as ProfileChanges;
    update.mutate(changes, {
      onSuccess: ({ profile: saved }) => {
        setValues(initial(saved));
        onSaved(saved);
      },
      onError: (error) => {
        if (error instanceof ApiError) {
          const fieldErrors: Partial<Record<F, string>> = {};
          for (const [key, text] of Object.entries(error.fields)) if (isField(key)) fieldErrors[key] = text;
          setErrors(fieldErrors);
        }
        toast.error(MESSAGES.settingsUpdateFailedTitle, { description: error instanceof Error && error.message ? error.message : MESSAGES.settingsUpdateFailedFallback });
      },
    });
  };

  /** The input's props: its id, value and change handler, and the hint and error it is described by. */
  const field = (name: F) => ({
    id: `${id}-${name}`,
    name,
    value: values[name],
    disabled: update.isPending,
    onChange: (e: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [name]: e.target.value }));
      // An edited field's old error no longer applies.
      setErrors((current) => ({ ...current, [name]: undefined }));
    },
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': `${id}-${name}-hint${errors[name] ? ` ${id}-${name}-error` : ''}`,
  });

  return { id, errors, pending: update.isPending, submit, field };
}
