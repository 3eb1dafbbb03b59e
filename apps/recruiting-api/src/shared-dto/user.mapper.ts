import type { UserRow } from '../database/repositories/users.repository';
import type { UserResponse } from './user.response';

/** A user row as the API shows it (users, the signed-in user, a reservation's interviewer). */
export const toUserResponse = (row: UserRow): UserResponse => ({
  id: row.id,
  email: row.email,
  name: row.name,
  picture: row.picture,
  role: row.role,
  createdAt: row.createdAt.toISOString(),
});
