import { angleCount } from '@shared/angles';
import { Progress } from '@/components/ui/progress';

/**
 * Finished angles of the package's (the angles its photos give), as words and a bar: the gallery card's and the package
 * page's progress. "1/3 angles" while some are not made; "Made: 3 angles" once every one is (not "Completed": the
 * status badge beside it says that already).
 */
export function AngleProgress({ completed, total, label, testId }: { completed: number; total: number; label: string; testId: string }) {
  const done = total > 0 && completed === total;
  return (
    <>
      <div className="flex justify-between gap-3 text-sm text-slate-700">
        <span>{done ? 'Made' : 'Progress'}</span>
        <span data-testid={testId}>{done ? angleCount(total) : `${completed}/${total} angles`}</span>
      </div>
      <Progress value={completed} max={total} label={label} />
    </>
  );
}
