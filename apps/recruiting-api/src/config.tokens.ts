/** Injection tokens of the config sections feature modules take. */
export const SCHEDULING_CONFIG = Symbol('SCHEDULING_CONFIG');
export const REDIS_KEY_PREFIX = Symbol('REDIS_KEY_PREFIX');
