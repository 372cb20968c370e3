import { CheckCircle2, FileUp, Paperclip, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { ACCEPTED_ATTACHMENT_TYPES, MAX_ATTACHMENT_BYTES, SUPPORT_CATEGORIES, type SupportCategory } from '@shared/limits';
import { fileKinds, megabytes, MESSAGES } from '@shared/messages';
import { ATTACHMENT_EXTENSIONS, supportTicketRequestSchema } from '@shared/schemas/support';
import { Button } from '@/components/ui/button';
import { fieldClasses, Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { useSendSupportTicket } from '../api/support';
import { SUPPORT_CATEGORY_LABELS } from '../content/support-help';

type Field = 'name' | 'email' | 'category' | 'subject' | 'message';

function rejectionMessage(rejection: FileRejection): string {
  const error = rejection.errors[0];
  if (error?.code === 'file-too-large') return `${rejection.file.name}: ${MESSAGES.fileTooLarge(MAX_ATTACHMENT_BYTES)}`;
  if (error?.code === 'file-invalid-type') return `${rejection.file.name}: ${MESSAGES.fileTypeInvalid(ATTACHMENT_EXTENSIONS)}`;
  if (error?.code === 'too-many-files') return 'You can attach one file.';
  return error?.message ?? MESSAGES.tooManyFiles;
}

export function SupportContactForm({ defaultName, defaultEmail }: { defaultName: string; defaultEmail: string }) {
  const id = useId();
  const empty = { name: defaultName, email: defaultEmail, category: 'general' as SupportCategory, subject: '', message: '' };
  const [values, setValues] = useState<Record<Field, string>>(empty);
  const [attachment, setAttachment] = useState<File | null>(null);
  const [attachmentError, setAttachmentError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const send = useSendSupportTicket();
  const sending = send.isPending;

  const dropzone = useDropzone({
    accept: ACCEPTED_ATTACHMENT_TYPES as unknown as Record<string, string[]>,
    maxSize: MAX_ATTACHMENT_BYTES,
    maxFiles: 1,
    multiple: false,
    disabled: sending,
    onDrop: (accepted, rejected) => {
      if (rejected[0]) {
        setAttachmentError(rejectionMessage(rejected[0]));
        return;
      }
      setAttachmentError(null);
      if (accepted[0]) setAttachment(accepted[0]);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = supportTicketRequestSchema.safeParse(values);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.message.charAt(0).toUpperCase() + issue.message.slice(1);
      setErrors(found);
      return;
    }
    setErrors({});
    send.mutate(
      { ...parsed.data, attachment },
      {
        onSuccess: () => setSentTo(parsed.data.email),
        onError: (error) => {
          if (error instanceof ApiError) {
            const fieldErrors: Partial<Record<Field, string>> = {};
            for (const [key, text] of Object.entries(error.fields)) if (key in values) fieldErrors[key as Field] = text;
            setErrors(fieldErrors);
          }
          setFormError(error instanceof Error && error.message ? error.message : MESSAGES.internalError);
        },
      },
    );
  };

  if (sentTo) {
    return (
      <div role="status" className="grid justify-items-start gap-3 rounded-xl border border-green-200 bg-green-50 p-6">
        <CheckCircle2 className="size-10 text-green-700" aria-hidden="true" />
        <h3 className="text-lg font-bold text-slate-900">Message Sent!</h3>
        <p className="text-slate-800">
          Thank you. Your ticket reached our support team; we reply to <strong className="break-all">{sentTo}</strong>{' '}
          within 24 hours on business days.
        </p>
        <Button
          variant="outline"
          onClick={() => {
            setValues(empty);
            setAttachment(null);
            setSentTo(null);
            send.reset();
          }}
        >
          Send another message
        </Button>
      </div>
    );
  }

  const field = (name: Field) => ({
    id: `${id}-${name}`,
    name,
    value: values[name],
    disabled: sending,
    onChange: (e: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [name]: e.target.value }));
      // An edited field's old error no longer applies.
      setErrors((current) => ({ ...current, [name]: undefined }));
    },
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });
  const error = (name: Field) =>
    errors[name] && (
      <p id={`${id}-${name}-error`} role="alert" className="text-sm font-medium text-red-700">
        {errors[name]}
      </p>
    );

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-name`}>Name</Label>
          <Input {...field('name')} autoComplete="name" />
          {error('name')}
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-email`}>Email</Label>
          <Input {...field('email')} type="email" autoComplete="email" />
          {error('email')}
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-category`}>Category</Label>
        <select {...field('category')} className={cn(fieldClasses, 'h-10')}>
          {SUPPORT_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {SUPPORT_CATEGORY_LABELS[c]}
            </option>
          ))}
        </select>
        {error('category')}
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-subject`}>Subject</Label>
        <Input {...field('subject')} />
        {error('subject')}
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-message`}>Message</Label>
        <Textarea {...field('message')} rows={6} />
        {error('message')}
      </div>
      <div className="grid gap-2">
        <span className="text-sm font-medium text-slate-800" id={`${id}-attachment-label`}>
          Attachment (optional)
        </span>
        {attachment ? (
          <div className="flex items-center justify-between gap-3 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm">
            <span className="flex min-w-0 items-center gap-2">
              <Paperclip className="size-4 shrink-0 text-slate-600" aria-hidden="true" />
              <span className="truncate" data-testid="attachment-name">
                {attachment.name}
              </span>
              <span className="shrink-0 text-slate-600">{(attachment.size / (1024 * 1024)).toFixed(1)} MB</span>
            </span>
            <Button variant="ghost" size="icon" className="size-8" onClick={() => setAttachment(null)} disabled={sending}>
              <X aria-hidden="true" />
              <span className="sr-only">Remove attachment</span>
            </Button>
          </div>
        ) : (
          <div
            {...dropzone.getRootProps({
              className: cn(
                'flex cursor-pointer flex-col items-center gap-1 rounded-md border-2 border-dashed border-slate-300 p-5 text-center text-sm text-slate-700 hover:border-brand-600',
                dropzone.isDragActive && 'border-brand-600 bg-brand-50',
              ),
              'aria-labelledby': `${id}-attachment-label`,
            })}
          >
            <input {...dropzone.getInputProps()} data-testid="attachment-input" />
            <FileUp className="size-6 text-slate-500" aria-hidden="true" />
            <span>{dropzone.isDragActive ? 'Drop the file here' : 'Drag a file here, or click to browse'}</span>
            <span className="text-xs text-slate-600">{fileKinds(ATTACHMENT_EXTENSIONS)} • Up to {megabytes(MAX_ATTACHMENT_BYTES)} MB</span>
          </div>
        )}
        {attachmentError && (
          <p role="alert" className="text-sm font-medium text-red-700">
            {attachmentError}
          </p>
        )}
      </div>
      {formError && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-800">
          {formError}
        </p>
      )}
      <div>
        <Button type="submit" disabled={sending}>
          {sending ? 'Sending...' : 'Send Message'}
        </Button>
      </div>
    </form>
  );
}
