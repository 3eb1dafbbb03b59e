export { startDevIdp, DEV_IDP_SERVER, type DevIdp, type DevIdpClient } from './start-dev-idp';
export { signInOverHttp, type SignInResult } from './sign-in-over-http';
export { DEV_IDP_USERS, DEV_IDP_USER_LIST, type DevIdpUser } from './seeded-users';
export { idTokenFor } from './id-token';
