import { ObjectId } from 'mongodb';
import { isDuplicateKey, sortBy, toObjectId } from './live-store';

describe('the store base', () => {
  it('reads a unique-index refusal from MongoDB (E11000) and from FerretDB on PostgreSQL, and nothing else', () => {
    expect(isDuplicateKey({ code: 11000, message: 'E11000 duplicate key error' })).toBe(true);
    const onUpdate = 'ERROR: duplicate key value violates unique constraint "ng_5a366362_live_name___c8e9564f_idx" (SQLSTATE 23505)';
    expect(isDuplicateKey({ code: 1, message: `[collection.go:218 postgresql.(*collection).UpdateAll.func1] ${onUpdate}` })).toBe(true);
    const others = [new Error('connection reset'), { code: 11001 }, null, undefined, 'E11000', new Error('(SQLSTATE 23503)')];
    for (const other of others) {
      expect(isDuplicateKey(other)).toBe(false);
    }
  });

  it('takes 24 hexadecimal digits as an ObjectId, and anything else as no id', () => {
    const id = new ObjectId();
    expect(toObjectId(id.toHexString())).toEqual(id);
    expect(toObjectId(id.toHexString().toUpperCase())).toEqual(id);
    for (const other of ['', 'x'.repeat(24), `${id.toHexString()}0`, 'r1']) expect(toObjectId(other)).toBeUndefined();
  });

  it('sorts by the field, then by id in the same direction, so pages never overlap', () => {
    expect(sortBy('updated_at', 'desc')).toEqual({ updated_at: -1, _id: -1 });
    expect(sortBy('name', 'asc')).toEqual({ name: 1, _id: 1 });
  });
});
