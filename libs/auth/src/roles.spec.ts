import { defaultRoleFor, roleSatisfies } from './roles';

describe('roles', () => {
  it.each([
    ['viewer', 'viewer', true],
    ['viewer', 'member', false],
    ['member', 'viewer', true],
    ['member', 'member', true],
    ['member', 'admin', false],
    ['admin', 'member', true],
    ['superuser', 'viewer', false],
    [undefined, 'viewer', false],
  ] as const)('%s satisfies %s: %s', (held, needed, expected) => {
    expect(roleSatisfies(held, needed)).toBe(expected);
  });

  it('reads need viewer, writes need member', () => {
    expect(['GET', 'HEAD', 'OPTIONS'].map(defaultRoleFor)).toEqual(['viewer', 'viewer', 'viewer']);
    expect(['POST', 'PATCH', 'PUT', 'DELETE', 'post'].map(defaultRoleFor)).toEqual(['member', 'member', 'member', 'member', 'member']);
  });
});
