import { ObjectId } from 'mongodb';
import { blogFilter } from './blog.store';

describe('blogFilter', () => {
  it('always leaves deleted blogs out', () => {
    expect(blogFilter({})).toEqual({ deleted_at: null });
  });

  it('matches an id exactly, and an id that is not one matches nothing', () => {
    const id = new ObjectId();
    expect(blogFilter({ id: id.toHexString() })._id).toEqual(id);
    expect(blogFilter({ id: id.toHexString().toUpperCase() })._id).toEqual(id);
    expect(blogFilter({ id: 'not-an-id' })._id).toEqual({ $in: [] });
  });

  it('matches a name fragment case-insensitively, regular-expression characters taken literally', () => {
    const pattern = blogFilter({ name: 'G1 (秋).*' }).name as RegExp;
    expect(pattern.flags).toBe('i');
    expect(pattern.test('天皇賞 g1 (秋).* 回顧')).toBe(true);
    expect(pattern.test('G1 秋 回顧')).toBe(false);
    expect((blogFilter({ name: '$where' }).name as RegExp).test('a $where b')).toBe(true);
  });

  it('translates origin into the presence of old_blog_id', () => {
    expect(blogFilter({ origin: 'rewrite' }).old_blog_id).toEqual({ $ne: null });
    expect(blogFilter({ origin: 'generation' }).old_blog_id).toBeNull();
  });

  it('adds the exact filters', () => {
    expect(blogFilter({ race_id: 'r1', race_type: 'horse_racing', blog_type: 'weekly', category_id: 'c1', status: 'draft' })).toEqual({
      deleted_at: null,
      race_id: 'r1',
      race_type: 'horse_racing',
      blog_type: 'weekly',
      category_id: 'c1',
      status: 'draft',
    });
  });
});
