import { useId, type ComponentProps, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

type Props = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** The field's validation or server message, announced and tied to the input. */
  error: string | null;
  inputProps?: Omit<ComponentProps<typeof Input>, 'id' | 'value' | 'onChange'>;
};

/** The one-field create form of the integrations cards (a key's name, an endpoint's URL). */
export function OneFieldForm({ label, value, onChange, onSubmit, submitLabel, pendingLabel, pending, error, inputProps }: Props) {
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3">
      <div className="grid min-w-48 flex-1 gap-2">
        <Label htmlFor={`${id}-field`}>{label}</Label>
        <Input
          {...inputProps}
          id={`${id}-field`}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
      </div>
      <Button type="submit" disabled={pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
      {error && (
        <p id={`${id}-error`} role="alert" className="w-full text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}
