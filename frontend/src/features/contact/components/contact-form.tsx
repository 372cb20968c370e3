import { useId, useState, type FormEvent } from 'react';
import { contactMessageRequestSchema, type ContactMessageRequest } from '@shared/schemas/contact';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { useSendContactMessage } from '../api/send-contact-message';

type Field = keyof ContactMessageRequest;
const FIELDS: readonly Field[] = ['name', 'email', 'message'];
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function ContactForm({ onSent }: { onSent: () => void }) {
  const id = useId();
  const [values, setValues] = useState<Record<Field, string>>({ name: '', email: '', message: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const send = useSendContactMessage();

  const complete = FIELDS.every((f) => values[f].trim() !== '');
  const sending = send.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    // The server checks the same schema; checking here first saves a round trip.
    const parsed = contactMessageRequestSchema.safeParse(values);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= capitalise(issue.message);
      }
      setErrors(found);
      return;
    }
    setErrors({});
    send.mutate(parsed.data, {
      onSuccess: onSent,
      onError: (error) => {
        if (error instanceof ApiError) {
          const fieldErrors: Partial<Record<Field, string>> = {};
          for (const [key, text] of Object.entries(error.fields)) {
            if ((FIELDS as readonly string[]).includes(key)) fieldErrors[key as Field] = capitalise(text);
          }
          setErrors(fieldErrors);
          setFormError(error.message);
        } else {
          setFormError(error instanceof Error ? error.message : String(error));
        }
      },
    });
  };

  const field = (name: Field) => ({
    id: `${id}-${name}`,
    name,
    value: values[name],
    disabled: sending,
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });
  const errorText = (name: Field) =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} className="text-sm font-medium text-red-700">
        {errors[name]}
      </p>
    ) : null;

  return (
    <form onSubmit={submit} noValidate className="grid gap-5" aria-label="Contact form">
      <div className="grid gap-2">
        <Label htmlFor={`${id}-name`}>Name</Label>
        <Input {...field('name')} autoComplete="name" required />
        {errorText('name')}
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-email`}>Email</Label>
        <Input {...field('email')} type="email" autoComplete="email" required />
        {errorText('email')}
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-message`}>Message</Label>
        <Textarea {...field('message')} rows={6} required />
        {errorText('message')}
      </div>
      {formError && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-800">
          {formError}
        </p>
      )}
      <Button type="submit" size="lg" disabled={!complete || sending}>
        {sending ? 'Sending...' : 'Send Message'}
      </Button>
    </form>
  );
}
