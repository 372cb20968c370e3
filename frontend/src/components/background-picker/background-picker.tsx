import { useId } from 'react';
import { BACKGROUNDS, BACKGROUND_LABELS, type Background } from '@shared/backgrounds';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { backgroundsAreDrawn } from '@/lib/runtime-config';

/**
 * The studio background for the images to come: a labelled select of every background, and a plain notice when no
 * scene library is configured (the backgrounds are then drawn, not photographs).
 */
export function BackgroundPicker({ label, value, onChange, disabled }: { label: string; value: Background; onChange: (value: Background) => void; disabled: boolean }) {
  const id = useId();
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
          {BACKGROUNDS.map((b) => (
            <SelectItem key={b} value={b}>
              {BACKGROUND_LABELS[b]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {backgroundsAreDrawn() && (
        <p className="text-xs text-muted-foreground" id={`${id}-background-note`}>
          No scene library is configured here: the backgrounds are drawn, not photographs. Original location, blurred uses your own photo.
        </p>
      )}
    </div>
  );
}
