import { useId } from 'react';
import { PLATE_MESSAGES, PLATE_TREATMENT_LABELS, PLATE_TREATMENTS, isPlateTreatment, type PlateTreatment } from '@shared/plates';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

/**
 * What the studio images do with the car's number plate: the package form's choice and its default in Settings. The
 * logo plate is offered once the dealer has uploaded a logo (`logoAvailable`).
 */
export function PlateTreatmentSelect({ value, onChange, disabled, hint, logoAvailable }: { value: PlateTreatment; onChange: (value: PlateTreatment) => void; disabled?: boolean; hint: string; logoAvailable: boolean }) {
  const id = useId();
  return (
    <div className="grid gap-2" data-testid="plate-treatment">
      <Label htmlFor={id}>Number plate</Label>
      <Select value={value} onValueChange={(v) => isPlateTreatment(v) && onChange(v)} disabled={disabled}>
        <SelectTrigger id={id} aria-describedby={`${id}-hint`}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {PLATE_TREATMENTS.map((t) => (
            <SelectItem key={t} value={t} disabled={t === 'logo' && !logoAvailable}>
              {t === 'logo' && !logoAvailable ? PLATE_MESSAGES.logoUnavailable : PLATE_TREATMENT_LABELS[t]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        {hint}
      </p>
    </div>
  );
}
