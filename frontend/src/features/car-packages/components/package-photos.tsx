import { ImageOff } from 'lucide-react';
import { ANGLE_LABELS } from '@shared/angles';
import type { PackagePhoto } from '@shared/schemas/car-packages';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';

function photoRole(photo: PackagePhoto): string {
  if (photo.refused) return 'Not used';
  if (photo.assigned_angle) {
    const shown = ANGLE_LABELS[photo.assigned_angle];
    return photo.angle ? `Tagged ${shown}` : `Detected as ${shown}`;
  }
  return photo.angle ? `Tagged ${ANGLE_LABELS[photo.angle]}` : 'Angle not detected yet';
}

/** The dealer's uploaded photos: the angle each one was assigned, or why it was refused. */
export function PackagePhotos({ photos }: { photos: PackagePhoto[] }) {
  if (photos.length === 0) return null;
  const refused = photos.filter((p) => p.refused).length;
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="text-base">Your photos ({photos.length})</CardTitle>
        <CardDescription>
          {refused > 0
            ? `${refused} of your photos could not be used; the angles were made from the others.`
            : 'The angle each of your photos was used for.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" data-testid="package-photos">
          {photos.map((photo) => (
            <li key={photo.id} className="min-w-0" data-testid="package-photo" data-refused={photo.refused ? 'true' : undefined}>
              <div className={cn('aspect-[4/3] overflow-hidden rounded-md bg-slate-100', photo.refused && 'ring-2 ring-red-300')}>
                {photo.original_url ? (
                  <img src={photo.original_url} alt={photo.file_name} loading="lazy" decoding="async" className="size-full object-cover" />
                ) : (
                  <div className="flex size-full items-center justify-center">
                    <ImageOff className="size-5 text-slate-400" aria-hidden="true" />
                  </div>
                )}
              </div>
              <p className="mt-1.5 truncate text-xs font-medium text-slate-900" title={photo.file_name}>
                {photo.file_name}
              </p>
              <p className={cn('text-xs', photo.refused ? 'font-medium text-red-700' : 'text-slate-600')}>{photoRole(photo)}</p>
              {photo.refused && <p className="mt-0.5 text-xs text-red-700">{photo.refused}</p>}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
