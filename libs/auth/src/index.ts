export * from './api-key.guard';
export * from './credential-checks';
export * from './decorators';
export * from './header-user.guard';
export * from './jwt-auth.guard';
export * from './roles';
export * from './roles.guard';
