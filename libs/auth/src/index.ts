export * from './api-key.guard';
export * from './decorators';
export * from './email';
export * from './header-user.guard';
export * from './jwt-auth.guard';
export * from './roles';
export * from './roles.guard';
export * from './token-versions';
