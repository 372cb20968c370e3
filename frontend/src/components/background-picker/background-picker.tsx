import { useId } from 'react';
import { BACKGROUND_LABELS, backgroundsOffered, type Background } from '@shared/backgrounds';
import { Label } from '@/components/ui/label';
import { BACKGROUND_NOTES } from '@shared/messages';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { outdoorStylesOffered } from '@/lib/runtime-config';

/**
 * The studio background for the images to come: a labelled select of the styles this site offers, and a plain notice
 * when it offers no outdoor styles (no scene library is configured for the compositor).
 */
export function BackgroundPicker({ label, value, onChange, disabled }: { label: string; value: Background; onChange: (value: Background) => void; disabled: boolean }) {
  const id = useId();
  const outdoor = outdoorStylesOffered();
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={`${id}-background`} id={`${id}-background-label`}>
        {label}
      </Label>
      <Select value={value} onValueChange={(next) => onChange(next as Background)} disabled={disabled}>
        <SelectTrigger id={`${id}-background`} aria-labelledby={`${id}-background-label`}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {backgroundsOffered(outdoor).map((b) => (
            <SelectItem
              key={b}
              value={b}
              className="gap-3"
              // What the style looks like, before paying: one photo rendered in it (functions/src/renderer/style-previews.ts).
              leading={<img src={`/images/styles/${b}.webp`} alt="" width={72} height={48} loading="lazy" className="h-12 w-18 shrink-0 rounded object-cover" data-testid="style-preview" />}
            >
              {BACKGROUND_LABELS[b]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {!outdoor && (
        <p className="text-xs text-muted-foreground" id={`${id}-background-note`}>
          {BACKGROUND_NOTES.noOutdoorStyles}
        </p>
      )}
    </div>
  );
}
