/** A document a generation job writes: generating while it waits for the job of `generation_id`. */
export interface GeneratedDocument {
  status: string;
  generation_id?: string | null;
}

/**
 * The one test of "still waiting for this generation", for articles and blogs alike: the document is generating,
 * and for this generation when both name one (documents made before generation ids existed match any).
 */
export function waitsForGeneration(doc: GeneratedDocument, generationId: string | null | undefined): boolean {
  if (doc.status !== 'generating') return false;
  return !generationId || !doc.generation_id || doc.generation_id === generationId;
}
