import { Download, Image as ImageIcon } from 'lucide-react';
import { MY_IMAGES_MESSAGES } from '@shared/messages';
import type { StudioImage } from '@shared/schemas/images';
import type { ViewedImage } from '@/components/image-viewer/image-viewer-dialog';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useImageDownload } from '@/hooks/use-image-download';
import { formatDate } from '@/lib/format';


/** The name of the spec's download fallback (car_{angle}.png) when an image has no angle (a batch photo). */
const downloadAngle = (image: StudioImage) => image.angle ?? image.id;

/** One studio image of My Images: the picture (opens the viewer), its date, View Original and Download. */
export function ImageCard({ image, onView }: { image: StudioImage; onView: (image: ViewedImage) => void }) {
  const download = useImageDownload();
  const title = `${image.label} Enhanced`;
  return (
    <Card className="flex w-full flex-col overflow-hidden" data-testid="image-card" data-image-id={image.id}>
      <button
        type="button"
        onClick={() => onView({ title, url: image.rendered_url, angle: downloadAngle(image), studio: true })}
        className="block aspect-[3/2] w-full overflow-hidden bg-slate-100 focus-visible:outline-2 focus-visible:-outline-offset-2"
        aria-label={`View ${title}`}
      >
        <img src={image.web_url} alt={`${image.label}, studio image`} loading="lazy" decoding="async" className="size-full object-cover transition-transform hover:scale-[1.02]" />
      </button>
      <div className="grid gap-2 p-3">
        <div className="flex min-w-0 flex-wrap items-baseline justify-between gap-x-2">
          <p className="text-sm font-semibold text-slate-900" title={image.label}>
            {image.label}
          </p>
          <time dateTime={image.created_at} className="shrink-0 text-xs text-slate-600">
            {formatDate(image.created_at)}
          </time>
        </div>
        {/* Side by side when the card is wide enough, one above the other when it is not. */}
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" className="min-w-fit flex-1" onClick={() => onView({ title: MY_IMAGES_MESSAGES.originalTitle, url: image.original_url, angle: downloadAngle(image) })}>
            <ImageIcon aria-hidden="true" />
            {MY_IMAGES_MESSAGES.viewOriginal}
          </Button>
          <Button variant="outline" size="sm" className="min-w-fit flex-1" onClick={() => void download(image.rendered_url, downloadAngle(image))}>
            <Download aria-hidden="true" />
            {MY_IMAGES_MESSAGES.download}
          </Button>
        </div>
      </div>
    </Card>
  );
}
