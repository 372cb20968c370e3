import { useId, useRef } from 'react';
import { toast } from 'sonner';
import { ACCEPTED_IMAGE_MIME_TYPES, MAX_LOGO_BYTES } from '@shared/limits';
import { megabytes, MESSAGES } from '@shared/messages';
import { Button } from '@/components/ui/button';
import { useLogoLink, useUploadLogo } from '../api/logo';

/**
 * The logo placed on studio images: a file the dealer uploads here, checked by the server. It is the only logo our
 * servers use (the Logo URL above is never fetched by them).
 */
export function LogoUpload({ hasLogo }: { hasLogo: boolean }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const link = useLogoLink(hasLogo);
  const upload = useUploadLogo();

  const choose = (file: File | undefined) => {
    if (!file) return;
    if (!(ACCEPTED_IMAGE_MIME_TYPES as string[]).includes(file.type)) return void toast.error(MESSAGES.logoUnreadable);
    if (file.size > MAX_LOGO_BYTES) return void toast.error(MESSAGES.logoTooLarge(MAX_LOGO_BYTES));
    upload.mutate(file, {
      onSuccess: () => toast.success(MESSAGES.logoSaved.title, { description: MESSAGES.logoSaved.description }),
      onError: (error) => toast.error(error.message || MESSAGES.logoUnreadable),
    });
  };

  return (
    <div className="flex flex-wrap items-center gap-4">
      <div className="flex size-20 shrink-0 items-center justify-center rounded-lg border border-slate-200 bg-slate-50">
        {link.data?.url ? <img src={link.data.url} alt="Your logo" className="max-h-16 max-w-16 object-contain" /> : <span className="text-xs text-slate-500">No logo</span>}
      </div>
      <div className="grid min-w-0 flex-1 gap-2">
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          JPG, PNG or WebP, at most {megabytes(MAX_LOGO_BYTES)} MB. Placed in the corner of your studio images when you turn on Place my logo.
        </p>
        <div>
          <input
            ref={input}
            id={`${id}-file`}
            type="file"
            accept={ACCEPTED_IMAGE_MIME_TYPES.join(',')}
            className="sr-only"
            // Reached through the button below, which opens it: one Tab stop, with a visible focus ring.
            tabIndex={-1}
            aria-label="Logo file"
            aria-describedby={`${id}-hint`}
            onChange={(e) => {
              choose(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          <Button type="button" variant="outline" disabled={upload.isPending} onClick={() => input.current?.click()}>
            {upload.isPending ? 'Uploading...' : hasLogo ? 'Replace logo' : 'Upload logo'}
          </Button>
        </div>
      </div>
    </div>
  );
}
