import { useId } from 'react';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';

/** "Place my logo": shown only when the dealer uploaded a logo in Settings. */
export function LogoToggle({
  previewUrl,
  checked,
  onChange,
  disabled,
}: {
  previewUrl: string | null;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled: boolean;
}) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4 rounded-lg border border-slate-200 p-3">
      <div className="flex min-w-0 items-center gap-3">
        {/* A logo that cannot be shown here leaves an empty square, not a broken-image icon. */}
        {previewUrl ? (
          <img src={previewUrl} alt="" onError={(e) => (e.currentTarget.style.visibility = 'hidden')} className="size-10 shrink-0 rounded bg-slate-50 object-contain" />
        ) : (
          <span className="size-10 shrink-0 rounded bg-slate-50" aria-hidden="true" />
        )}
        <div className="min-w-0">
          <Label htmlFor={id} id={`${id}-label`}>
            Place my logo
          </Label>
          <p className="text-sm text-slate-600">Your logo from Settings goes on every image of this package.</p>
        </div>
      </div>
      <Switch id={id} aria-labelledby={`${id}-label`} checked={checked} onCheckedChange={onChange} disabled={disabled} />
    </div>
  );
}
