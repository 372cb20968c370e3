import { Copy } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';

/** A secret shown this once: copy it now, it cannot be shown again. */
export function SecretOnce({ label, secret }: { label: string; secret: string }) {
  return (
    <div role="status" className="grid gap-2 rounded-md border border-amber-300 bg-amber-50 p-3">
      <p className="text-sm font-medium text-slate-900">{label}</p>
      <code className="block break-all rounded bg-white px-2 py-1 font-mono text-sm text-slate-900" data-testid="secret-once">
        {secret}
      </code>
      <div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() =>
            void navigator.clipboard
              .writeText(secret)
              .then(() => toast.success('Copied'))
              .catch(() => toast.error('Could not copy: select the text and copy it.'))
          }
        >
          <Copy aria-hidden="true" />
          Copy
        </Button>
      </div>
    </div>
  );
}
