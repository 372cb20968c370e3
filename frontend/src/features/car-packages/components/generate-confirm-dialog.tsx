import { ANGLE_LABELS, ANGLES, angleCount } from '@shared/angles';
import type { CoveragePlan } from '@shared/angle-plan';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';

/**
 * "Generate 5 angles (1 credit)": asked once before a package of fewer than the 8 angles is charged. The package is the
 * angles the photos give (decisions.md, turn 4); the others are named with the photo that would give each.
 */
export function GenerateConfirmDialog({ plan, open, onOpenChange, onConfirm }: { plan: CoveragePlan; open: boolean; onOpenChange: (open: boolean) => void; onConfirm: () => void }) {
  const missing = plan.angles.filter((a) => a.source === 'missing');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="generate-confirm">
        <DialogHeader>
          <DialogTitle>
            Your photos give {plan.covered} of the {ANGLES.length} angles
          </DialogTitle>
          <DialogDescription>
            The package is made of the angles your photos give, for 1 credit however many. These {missing.length} will not be in it:
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
            Generate {angleCount(plan.covered)} (1 credit)
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
