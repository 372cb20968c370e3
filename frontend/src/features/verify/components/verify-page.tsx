import { BackHomeHeader } from '@/components/layout/back-home-header';
import { FileSearch } from 'lucide-react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { MAX_VERIFY_BYTES, VERIFY_TYPES } from '@shared/content-credentials';
import { CONTENT_CREDENTIALS } from '@shared/content-credentials';
import { SiteFooter } from '@/components/layout/site-footer';
import { CredentialsReport } from '@/components/content-credentials/credentials-report';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { usePageMeta } from '@/lib/page-meta';
import { cn } from '@/lib/utils';
import { useCheckImage } from '../api/check-image';

const maxMb = MAX_VERIFY_BYTES / (1024 * 1024);

function rejectionText({ errors }: FileRejection): string {
  const code = errors[0]?.code;
  if (code === 'file-too-large') return CONTENT_CREDENTIALS.tooLarge(maxMb);
  if (code === 'file-too-small') return CONTENT_CREDENTIALS.empty;
  return CONTENT_CREDENTIALS.unsupportedType;
}

/** Public: anyone drops an image (a listing photo, a downloaded studio image) and reads its content credentials. */
export function VerifyPage() {
  usePageMeta('Check content credentials', 'Drop an image to see whether it carries Studio Lot content credentials, what was changed by AI, and whether it was altered since.');
  const check = useCheckImage();
  const dropzone = useDropzone({
    accept: VERIFY_TYPES as unknown as Record<string, string[]>,
    maxSize: MAX_VERIFY_BYTES,
    minSize: 1,
    multiple: false,
    onDrop: (accepted) => {
      if (accepted[0]) check.mutate(accepted[0]);
    },
  });
  const rejected = dropzone.fileRejections[0];
  const file = check.variables;
  return (
    <>
      <BackHomeHeader width="max-w-3xl" />
      <main className="bg-slate-50">
        <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Check content credentials</h1>
          <p className="mt-3 text-lg text-slate-700">
            Studio Lot images carry signed content credentials (C2PA) and an AI disclosure. Drop an image to see whether we
            signed it, what our AI changed and whether the car itself was checked, and whether the image was altered since.
          </p>
          <Card className="mt-8">
            <CardContent className="space-y-6 p-6 sm:p-8">
              <div
                {...dropzone.getRootProps({
                  className: cn(
                    'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-4 py-10 text-center transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                    dropzone.isDragActive ? 'border-brand-600 bg-brand-50' : 'border-slate-300 bg-slate-50 hover:border-brand-500 hover:bg-brand-50/50',
                  ),
                })}
                data-testid="verify-drop-zone"
              >
                <input {...dropzone.getInputProps({ 'aria-label': 'Image to check' } as Parameters<typeof dropzone.getInputProps>[0])} data-testid="verify-input" />
                <FileSearch className="size-10 text-slate-400" aria-hidden="true" />
                <p className="font-semibold text-slate-900">{dropzone.isDragActive ? 'Drop the image here' : 'Drag & drop an image, or click to choose one'}</p>
                <p className="text-sm text-slate-600">JPG, PNG or WebP • up to {maxMb} MB • the image is checked and not kept</p>
              </div>
              {rejected && !check.isPending && (
                <p role="alert" className="text-sm text-red-700">
                  {rejected.file.name}: {rejectionText(rejected)}
                </p>
              )}
              {check.isPending && <Spinner label="Checking the image" className="size-6 text-brand-700" />}
              {check.isError && (
                <p role="alert" className="text-sm text-red-700">
                  {check.error.message}
                </p>
              )}
              {check.data && (
                <section aria-labelledby="verify-result" className="space-y-3">
                  <h2 id="verify-result" className="break-all text-lg font-semibold text-slate-900">
                    {file?.name ?? 'Your image'}
                  </h2>
                  <CredentialsReport report={check.data} originalNote={check.data.photoSha256 ? "The original photo this image was made from is identified in the credentials by its fingerprint (SHA-256)." : undefined} />
                </section>
              )}
            </CardContent>
          </Card>
        </div>
      </main>
      <SiteFooter />
    </>
  );
}
