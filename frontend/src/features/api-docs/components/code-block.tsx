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
  // The button sits in a bar above the command, never over its text (the first line scrolls under it on a phone).
  return (
    <div className="min-w-0 overflow-hidden rounded-md bg-slate-900">
      <div className="flex justify-end border-b border-slate-700 px-2 py-1.5">
        <Button type="button" size="sm" variant="secondary" onClick={() => void copy()} aria-label={`Copy: ${label}`}>
          <Copy aria-hidden="true" />
          Copy
        </Button>
      </div>
      <pre tabIndex={0} aria-label={`${label}: command`} className="overflow-x-auto p-3 text-sm text-slate-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-white">
        <code>{code}</code>
      </pre>
    </div>
  );
}
