import { X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { MESSAGES } from '@shared/messages';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { ApiError } from '@/lib/api-error';
import { uploadByPresignedPost } from '@/lib/presigned-post-upload';
import { completeTrialUploads, requestTrialUploads } from '../api/trial';
import { TrialDropZone } from './trial-drop-zone';

interface Selected {
  id: string;
  file: File;
  preview: string;
  progress: number;
}

const sizeMb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
let nextId = 0;

/** Step 1: choose up to 10 photos (previews, removal, Clear all), then upload them with a progress bar each. */
export function TrialUploadStep({ token, onUploaded }: { token: string | undefined; onUploaded: (count: number) => void }) {
  const [files, setFiles] = useState<Selected[]>([]);
  const [uploading, setUploading] = useState(false);
  // Previews are object URLs: released on removal, on Clear all and when the step goes away.
  const previews = useRef(new Set<string>());
  useEffect(() => {
    const urls = previews.current;
    return () => urls.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  const release = (items: Selected[]) =>
    items.forEach((s) => {
      URL.revokeObjectURL(s.preview);
      previews.current.delete(s.preview);
    });

  const add = (added: File[]) =>
    setFiles((current) => [
      ...current,
      ...added.map((file) => {
        const preview = URL.createObjectURL(file);
        previews.current.add(preview);
        return { id: `trial-file-${nextId++}`, file, preview, progress: 0 };
      }),
    ]);
  const remove = (id: string) =>
    setFiles((current) => {
      release(current.filter((s) => s.id === id));
      return current.filter((s) => s.id !== id);
    });
  const clear = () =>
    setFiles((current) => {
      release(current);
      return [];
    });

  async function upload() {
    if (!token) {
      toast.error(MESSAGES.noTrialToken.title, { description: MESSAGES.noTrialToken.description });
      return;
    }
    if (files.length === 0) {
      toast.error(MESSAGES.noPhotosSelectedTitle, { description: MESSAGES.noPhotosTrial });
      return;
    }
    setUploading(true);
    setFiles((current) => current.map((s) => ({ ...s, progress: 0 })));
    try {
      const { uploads } = await requestTrialUploads(token, files.map((s) => s.file));
      await Promise.all(
        uploads.map((target, i) =>
          uploadByPresignedPost(target, files[i]!.file, (fraction) => setFiles((current) => current.map((s, j) => (j === i ? { ...s, progress: fraction } : s))), MESSAGES.trialUploadFailedFallback),
        ),
      );
      const done = await completeTrialUploads(token);
      onUploaded(done.uploaded_count);
    } catch (error) {
      toast.error(MESSAGES.trialUploadFailedTitle, { description: error instanceof ApiError && error.status > 0 ? error.message : MESSAGES.trialUploadFailedFallback });
      setUploading(false);
    }
  }

  return (
    // grid-cols-1 (minmax(0, 1fr)): a long file name truncates instead of widening the page on a phone.
    <div className="grid grid-cols-1 gap-4">
      <TrialDropZone count={files.length} disabled={uploading} onAdd={add} />
      {files.length > 0 && (
        <div className="grid grid-cols-1 gap-3">
          <div className="flex items-center justify-between gap-2">
            <p className="text-sm font-medium text-slate-900">{files.length === 1 ? '1 photo selected' : `${files.length} photos selected`}</p>
            <Button variant="ghost" size="sm" onClick={clear} disabled={uploading}>
              Clear all
            </Button>
          </div>
          <ul className="grid grid-cols-1 gap-2" aria-label="Selected photos">
            {files.map((s) => (
              <li key={s.id} className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white p-2">
                <img src={s.preview} alt={`Preview of ${s.file.name}`} className="size-14 shrink-0 rounded object-cover" />
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-slate-900">{s.file.name}</p>
                  <p className="text-xs text-slate-600">{sizeMb(s.file.size)}</p>
                  {uploading && <Progress value={Math.round(s.progress * 100)} label={`Uploading ${s.file.name}`} className="mt-1" />}
                </div>
                <Button variant="ghost" size="icon" onClick={() => remove(s.id)} disabled={uploading} aria-label={`Remove ${s.file.name}`}>
                  <X aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <Button size="lg" onClick={() => void upload()} disabled={uploading}>
        {uploading ? `Uploading ${files.length} photos...` : files.length === 0 ? 'Upload Photos' : files.length === 1 ? 'Upload 1 photo' : `Upload ${files.length} photos`}
      </Button>
    </div>
  );
}
