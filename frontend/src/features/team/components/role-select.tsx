import { ROLE_LABELS, TEAM_ROLES, type TeamRole } from '@shared/team';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

/** A role picker (owner, manager, photographer), named for screen readers by `label`. */
export function RoleSelect({ id, label, value, onChange, disabled }: { id?: string; label: string; value: TeamRole; onChange: (role: TeamRole) => void; disabled?: boolean }) {
  return (
    <Select value={value} onValueChange={(v) => onChange(v as TeamRole)} disabled={disabled}>
      <SelectTrigger id={id} aria-label={label} className="w-full sm:w-40">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {[...TEAM_ROLES].reverse().map((role) => (
          <SelectItem key={role} value={role}>
            {ROLE_LABELS[role]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
