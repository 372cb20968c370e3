import { ANGLE_LABELS, ANGLES } from '@shared/angles';
import type { CoveragePlan } from '@shared/angle-plan';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';

/** "Generate 5 of 8 angles (1 credit)": asked once before a package that cannot make every angle is charged. */
export function GenerateConfirmDialog({ plan, open, onOpenChange, onConfirm }: { plan: CoveragePlan; open: boolean; onOpenChange: (open: boolean) => void; onConfirm: () => void }) {
  const missing = plan.angles.filter((a) => a.source === 'missing');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="generate-confirm">
        <DialogHeader>
          <DialogTitle>
            Only {plan.covered} of {ANGLES.length} angles can be made
          </DialogTitle>
          <DialogDescription>
            The package costs 1 credit however many angles it makes. These {missing.length} cannot be made from your photos:
          </DialogDescription>
        </DialogHeader>
        <ul className="grid gap-1 text-sm text-slate-800">
          {missing.map((a) => (
            <li key={a.angle}>
              <span className="font-medium">{ANGLE_LABELS[a.angle]}</span>: add a photo of the {a.would_be_given_by.map((g) => ANGLE_LABELS[g]).join(' or ')}
            </li>
          ))}
        </ul>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Add more photos</Button>
          </DialogClose>
          <Button onClick={onConfirm}>
            Generate {plan.covered} {plan.covered === 1 ? 'angle' : 'angles'} (1 credit)
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
