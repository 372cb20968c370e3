import { createInviteRequestSchema } from '@shared/schemas/team';
import { INVITE_LIFETIME_MS, ROLE_LABELS } from '@shared/team';
import { apiHandler } from '../http/api-handler';
import { CognitoUserDirectory } from '../auth/cognito-user-directory';
import { createMagicLinkDeps, siteOriginOf } from '../auth/create-magic-link-deps';
import { sendMagicLink } from '../auth/magic-link';
import { config } from '../lib/config';
import { teamInviteMail } from '../mail/templates';
import { createInvite, type InviteDeps } from '../team/team';
import { memberOf, teamDeps } from '../team/team-deps';

const c = config();
if (!c.USER_POOL_ID) throw new Error('Missing required environment variable: USER_POOL_ID');
const directory = new CognitoUserDirectory(c.USER_POOL_ID, c.AWS_REGION, c.COGNITO_ENDPOINT);
const links = createMagicLinkDeps();
const siteOrigin = siteOriginOf();

const deps: InviteDeps = {
  ...teamDeps(),
  async sendInvite(invite, dealershipName) {
    // The invited person's sign-in (made unless the address has one); their first sign-in through the link joins.
    const { userName } = await directory.createIfAbsent(invite.email, null);
    const outcome = await sendMagicLink(links, {
      userName,
      email: invite.email,
      redirectOrigin: await siteOrigin(),
      mail: (link, minutes) =>
        teamInviteMail({ link, minutes, dealership: dealershipName, invitedBy: invite.invited_by, role: ROLE_LABELS[invite.role].toLowerCase(), days: INVITE_LIFETIME_MS / 86_400_000 }),
    });
    if (outcome === 'origin-not-allowed') throw new Error('The site origin is not an allowed sign-in link origin');
    return outcome;
  },
};

/** Settings → Team, owners: invites an address with a role (a sign-in link mailed that joins on first sign-in, 7 days). */
export const handler = apiHandler('create-team-invite', { body: createInviteRequestSchema }, async ({ body, caller }) => ({
  status: 201,
  body: { invite: await createInvite(deps, memberOf(caller), body) },
}));
