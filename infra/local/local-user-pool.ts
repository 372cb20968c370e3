/**
 * The local user pool's ids (Cognito's id format: region_suffix). A module of its own: tests that sign in through the
 * local Cognito endpoint need the ids without loading the whole host.
 */
export const LOCAL_USER_POOL = { userPoolId: 'local_studiolot', clientId: 'localspaclient0000000000000' };
