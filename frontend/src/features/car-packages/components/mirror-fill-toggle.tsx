import { useId } from 'react';
import { FILL_MISSING_SIDES_LABEL } from '@shared/angle-plan';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';

/**
 * "Fill missing sides with mirror images": off by default, because a mirror image is not a photo of that side (the fuel
 * flap and steering wheel swap sides; its text is blurred so it does not read backwards). Offered while it would add
 * angles.
 */
export function MirrorFillToggle({ checked, onChange, disabled, adds }: { checked: boolean; onChange: (checked: boolean) => void; disabled: boolean; adds: number }) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4 rounded-lg border border-slate-200 p-3" data-testid="mirror-fill">
      <div className="min-w-0">
        <Label htmlFor={id} id={`${id}-label`}>
          {FILL_MISSING_SIDES_LABEL}
        </Label>
        <p id={`${id}-description`} className="text-sm text-slate-600">
          {checked ? 'On: a' : `Off. Turn on to add ${adds} ${adds === 1 ? 'angle' : 'angles'}: a`} side or corner none of your photos shows is made from the opposite one,
          reversed. Each such image is labelled as a mirror image, and text found on the car (plates, badges, stickers)
          is blurred so nothing reads backwards.
        </p>
      </div>
      <Switch id={id} aria-labelledby={`${id}-label`} aria-describedby={`${id}-description`} checked={checked} onCheckedChange={onChange} disabled={disabled} />
    </div>
  );
}
