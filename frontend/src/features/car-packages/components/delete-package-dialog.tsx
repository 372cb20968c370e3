import { Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { CAR_PACKAGE_MESSAGES } from '@shared/messages';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { useDeleteCarPackage } from '../api/package-actions';

/** Delete with a confirmation; a package still processing is refused by the server with its reason. */
export function DeletePackageDialog({ packageId, title, onDeleted }: { packageId: string; title: string; onDeleted: () => void }) {
  const remove = useDeleteCarPackage();
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" className="text-red-700 hover:bg-red-50 hover:text-red-800">
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      }
      title="Delete this car package?"
      description={`${title}, its photos and its studio images will be deleted for good.`}
      confirmLabel="Delete package"
      pendingLabel="Deleting..."
      confirmClassName="bg-red-700 hover:bg-red-800"
      run={async () => {
        await remove.mutateAsync(packageId);
        toast.success(CAR_PACKAGE_MESSAGES.deleted);
        onDeleted();
      }}
    />
  );
}
