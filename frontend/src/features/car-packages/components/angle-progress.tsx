import { Progress } from '@/components/ui/progress';

/** Finished angles of all, as words and a bar: the gallery card's and the package page's progress. */
export function AngleProgress({ completed, total, label, testId }: { completed: number; total: number; label: string; testId: string }) {
  return (
    <>
      <div className="flex justify-between gap-3 text-sm text-slate-700">
        <span>Progress</span>
        <span data-testid={testId}>
          {completed}/{total} angles
        </span>
      </div>
      <Progress value={completed} max={total} label={label} />
    </>
  );
}
