import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useCallback, useEffect, useRef, type ComponentProps } from 'react';
import { cn } from '@/lib/utils';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

type FocusEvent = Event;

/**
 * Where focus goes back when a dialog closes. Radix returns it to its own Trigger only, so a dialog opened by a
 * button of its own state (most of ours: `open` is controlled), or on arrival (`?buy=`), left focus on the page body.
 * The element focused when the dialog opened is its opener; if it is gone (e.g. the list it was in re-rendered), the
 * page's main region takes focus, so a keyboard user carries on from the page, not from the top of the document.
 * `onOpenAutoFocus` of the caller still decides where focus starts.
 */
export function useReturnFocus(props: { onOpenAutoFocus?: (event: FocusEvent) => void; onCloseAutoFocus?: (event: FocusEvent) => void }) {
  const opener = useRef<HTMLElement | null>(null);
  // The last element focused outside any dialog while this one was mounted: the opener when something inside took
  // focus before the content's node was attached (React focuses an autoFocus child first).
  const lastOutside = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const onFocus = (event: globalThis.FocusEvent) => {
      if (event.target instanceof HTMLElement && !event.target.closest('[role="dialog"]')) lastOutside.current = event.target;
    };
    document.addEventListener('focusin', onFocus);
    return () => document.removeEventListener('focusin', onFocus);
  }, []);
  const attach = useCallback((node: HTMLElement | null) => {
    if (!node) return;
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body && !node.contains(active) ? active : lastOutside.current;
  }, []);
  return {
    // The opener is read when the content's node is attached, before anything inside takes focus (earlier than
    // onOpenAutoFocus, which a quick Escape can beat); a stable callback, so not again on each render.
    ref: attach,
    onOpenAutoFocus: (event: FocusEvent) => props.onOpenAutoFocus?.(event),
    onCloseAutoFocus: (event: FocusEvent) => {
      props.onCloseAutoFocus?.(event);
      if (event.defaultPrevented) return;
      event.preventDefault();
      const target = opener.current?.isConnected ? opener.current : document.getElementById('main');
      target?.focus({ preventScroll: !opener.current?.isConnected });
    },
  };
}

/** A modal dialog: focus is trapped inside, Escape and the close button close it, and focus returns to its opener. */
export function DialogContent({ className, children, onOpenAutoFocus, onCloseAutoFocus, ...props }: Omit<ComponentProps<typeof DialogPrimitive.Content>, 'ref'>) {
  const focus = useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus });
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
      <DialogPrimitive.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border border-slate-200 bg-white p-6 shadow-xl',
          className,
        )}
        {...props}
        {...focus}
      >
        {children}
        <DialogPrimitive.Close className="absolute top-3 right-3 rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600">
          <X className="size-4" aria-hidden="true" />
          <span className="sr-only">Close</span>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1.5 pr-6 text-left', className)} {...props} />;
}
export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />;
}
export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('text-xl font-bold text-slate-900', className)} {...props} />;
}
export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn('text-sm text-slate-600', className)} {...props} />;
}
