import { TextField } from '@platform/contracts';

/**
 * Path ids. A value that is not an id of ours names nothing: it answers 404 like an id that does not exist
 * (ids of articles, blogs, past blogs, media, NG words and categories are 24 hexadecimal digits).
 */
const id = (description: string) => TextField({ min: 1, max: 128, description });

export class RaceIdParam {
  @id('The race_id of the uploaded result') race_id!: string;
}

export class ArticleIdParam {
  @id('Article id') article_id!: string;
}

export class RaceArticleParams {
  @id('The race_id of the uploaded result') race_id!: string;
  @id('Article id') article_id!: string;
}

export class BlogIdParam {
  @id('Blog id') blog_id!: string;
}

export class OldBlogIdParam {
  @id('Past blog id') old_blog_id!: string;
}

export class MediaIdParam {
  @id('Media id') media_id!: string;
}

export class NgWordIdParam {
  @id('NG word id') ng_word_id!: string;
}
