import { useMutation } from '@tanstack/react-query';
import { FileArchive } from 'lucide-react';
import { Spinner } from '@/components/ui/spinner';
import { downloadUrl } from '@/lib/save-file';
import { packageZip } from '../api/dealer-download';

/**
 * The bar with "Download all" (the package's zip: every finished image and the walk-around video, as on the package
 * page), shown to the dealer who shared the car. Loaded by DealerDownloadAll only once the server has said this
 * signed-in dealer is the one who shared it.
 */
export function DealerDownloadBar({ packageId }: { packageId: string }) {
  const zip = useMutation({
    mutationFn: packageZip,
    onSuccess: ({ url, file_name }) => downloadUrl(url, file_name),
  });
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-xl border border-brand-100 bg-brand-50 px-4 py-3 text-sm" data-testid="dealer-download">
      <p className="text-slate-800">You shared this car. Only you see this.</p>
      <button
        type="button"
        onClick={() => zip.mutate(packageId)}
        disabled={zip.isPending}
        className="inline-flex min-h-10 items-center gap-2 rounded-lg bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60"
      >
        {zip.isPending ? <Spinner label="Preparing the zip" className="size-4" /> : <FileArchive className="size-4" aria-hidden="true" />}
        Download all (zip)
      </button>
      {zip.isError && (
        <p role="alert" className="w-full text-red-700">
          The zip could not be made: {zip.error.message}
        </p>
      )}
    </div>
  );
}
