import { useMutation } from '@tanstack/react-query';
import { FileArchive } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { downloadUrl } from '@/lib/save-file';
import { hasStoredSession } from '@/lib/stored-session';

/**
 * "Download all" for the dealer who shared the car, when they open its page signed in: the package's zip (every finished
 * image and the walk-around video), as on the package page. Buyers see nothing of it, and their page loads no sign-in
 * code: it is asked for only when the browser holds a sign-in, and the server answers the package only to its dealer.
 */
export function DealerDownloadAll({ token }: { token: string }) {
  const [packageId, setPackageId] = useState<string | null>(null);
  useEffect(() => {
    if (!hasStoredSession()) return;
    let live = true;
    void import('../api/dealer-download').then(({ ownPackageOf }) => ownPackageOf(token)).then((id) => live && setPackageId(id), () => undefined);
    return () => {
      live = false;
    };
  }, [token]);
  const zip = useMutation({
    mutationFn: async (id: string) => (await import('../api/dealer-download')).packageZip(id),
    onSuccess: ({ url, file_name }) => downloadUrl(url, file_name),
  });
  if (!packageId) return null;
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
