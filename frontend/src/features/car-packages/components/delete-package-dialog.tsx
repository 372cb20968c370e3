import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { CAR_PACKAGE_MESSAGES } from '@shared/messages';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { useDeleteCarPackage } from '../api/package-actions';

/** Delete with a confirmation; a package still processing is refused by the server with its reason. */
export function DeletePackageDialog({ packageId, title, onDeleted }: { packageId: string; title: string; onDeleted: () => void }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const remove = useDeleteCarPackage();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setError(null);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" className="text-red-700 hover:bg-red-50 hover:text-red-800">
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete this car package?</DialogTitle>
          <DialogDescription>
            {title}, its photos and its studio images will be deleted for good.
          </DialogDescription>
        </DialogHeader>
        {error && (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-800">
            {error}
          </p>
        )}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button
            className="bg-red-700 hover:bg-red-800"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(packageId, {
                onSuccess: () => {
                  setOpen(false);
                  toast.success(CAR_PACKAGE_MESSAGES.deleted);
                  onDeleted();
                },
                onError: (e) => setError(e.message),
              })
            }
          >
            {remove.isPending ? 'Deleting...' : 'Delete package'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
