import { useMe } from '@/features/dashboard/api/account';
import SettingsPage from '@/features/dashboard/components/settings-page';
import { IntegrationsSettings } from '@/features/integrations/components/integrations-settings';
import { TeamSettings } from '@/features/team/components/team-settings';

/**
 * Settings: the dashboard's profile and account sections, the team (issue 42), and for owners the integrations' API
 * keys and webhooks (the server refuses them to other roles).
 */
export default function SettingsRoute() {
  const me = useMe();
  return (
    <SettingsPage>
      <TeamSettings />
      {me.data?.member.role === 'owner' && <IntegrationsSettings />}
    </SettingsPage>
  );
}
