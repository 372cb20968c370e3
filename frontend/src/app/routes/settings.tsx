import SettingsPage from '@/features/dashboard/components/settings-page';
import { IntegrationsSettings } from '@/features/integrations/components/integrations-settings';

/** Settings: the dashboard's profile and account sections, with the integrations' API keys and webhooks. */
export default function SettingsRoute() {
  return (
    <SettingsPage>
      <IntegrationsSettings />
    </SettingsPage>
  );
}
