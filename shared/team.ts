/**
 * A dealership is a team (issue 42): the roles its members hold, in order, and what each may do. The route table
 * (shared/api-routes.ts) states each signed-in route's minimum role; the server checks it in one place
 * (functions/src/http/api-handler.ts). The SPA reads the same order to hide what a role cannot open.
 */
export const TEAM_ROLES = ['photographer', 'manager', 'owner'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/** Whether `role` may call a route whose minimum role is `minimum`. */
export const roleAllows = (role: TeamRole, minimum: TeamRole): boolean => TEAM_ROLES.indexOf(role) >= TEAM_ROLES.indexOf(minimum);

/** How long an invite's link joins the dealership. */
export const INVITE_LIFETIME_MS = 7 * 24 * 3_600_000;
/** Pending invites a dealership may hold at once (a mail per invite: a bound on what one owner can send). */
export const MAX_PENDING_INVITES = 25;

export const ROLE_LABELS: Record<TeamRole, string> = { owner: 'Owner', manager: 'Manager', photographer: 'Photographer' };
export const ROLE_DESCRIPTIONS: Record<TeamRole, string> = {
  owner: 'Everything: team, billing, API keys, webhooks and deleting the dealership.',
  manager: 'Car packages and images, branding in Settings, buying credits.',
  photographer: "Creates and starts car packages and sees the dealership's packages. Cannot buy credits or see payments.",
};

export const TEAM_MESSAGES = {
  roleTooLow: (minimum: TeamRole) => `Your role in this dealership cannot do this: it needs the ${ROLE_LABELS[minimum].toLowerCase()} role or above. Ask an owner.`,
  removed: 'You are no longer a member of this dealership. Its sign-in is no longer valid.',
  notYourPackage: 'Photographers can delete only the car packages they made. Ask a manager or owner.',
  lastOwner: 'A dealership needs an owner: hand over ownership to another member first.',
  founderStays: "The account that created the dealership stays a member: hand over ownership to change its role, it cannot be removed.",
  alreadyMember: 'This person is already a member of your dealership.',
  inviteExists: 'This address already has a pending invite. Withdraw it to send a new one.',
  tooManyInvites: `At most ${MAX_PENDING_INVITES} invites can be pending at once. Withdraw one first.`,
  inviteNotFound: 'This invite was not found. It may have been withdrawn or accepted.',
  memberNotFound: 'This member was not found in your dealership.',
  ownInvite: 'You are already a member of your dealership.',
  alreadyInAnother: (dealership: string) =>
    `You were invited to join ${dealership}, but this address already belongs to a dealership on Studio Lot. Leave it first (or ask its owner to remove you), then open a new invite.`,
  handOverToSelf: 'You already are an owner.',
  founderWithTeam:
    'You created your dealership and it has other members: hand over ownership and delete it, or ask its owners, before you join another. Your dealership goes only as a whole.',
  founderErasure:
    "You created this dealership: its records are kept under your sign-in, so your data goes only with the whole dealership. To delete it, use Delete the dealership (owners).",
  lastOwnerErasure: "You are this dealership's last owner: hand over ownership to another member first, or delete the whole dealership.",
  memberErasureKept:
    "Your sign-in, e-mail address and membership were deleted. The dealership's records you made (car packages, credit entries) stay with the dealership, shown as made by a former member.",
} as const;

/** How a record names the member who made it: their e-mail, "Former member" once they erased their data, null when unknown. */
export const FORMER_MEMBER_LABEL = 'Former member';
export const actingMemberLabel = (member: { email: string | null; former?: true } | null | undefined): string | null =>
  member?.former ? FORMER_MEMBER_LABEL : (member?.email ?? null);
