import type { BlogDocument } from '@platform/race-content-data';

/** A blog job acts only on a blog still generating, and only for the generation the blog waits for. */
export function waitsFor(blog: BlogDocument, generationId: string | null | undefined): boolean {
  if (blog.status !== 'generating') return false;
  return !generationId || !blog.generation_id || blog.generation_id === generationId;
}
