import { Copy } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';

/**
 * A command to copy: the block scrolls sideways on a phone, so it takes the keyboard focus (arrow keys scroll it) and
 * is named for screen readers; Copy puts the whole command on the clipboard.
 */
export function CodeBlock({ code, label }: { code: string; label: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      toast.success('Copied', { description: label });
    } catch {
      toast.error('Could not copy', { description: 'Select the command and copy it with the keyboard instead.' });
    }
  };
  return (
    <div className="relative min-w-0">
      <pre tabIndex={0} aria-label={`${label}: command`} className="overflow-x-auto rounded-md bg-slate-900 p-3 pr-20 text-sm text-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2">
        <code>{code}</code>
      </pre>
      <Button type="button" size="sm" variant="secondary" className="absolute top-2 right-2" onClick={() => void copy()} aria-label={`Copy: ${label}`}>
        <Copy aria-hidden="true" />
        Copy
      </Button>
    </div>
  );
}
