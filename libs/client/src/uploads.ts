import type { RaceContentClient, RecruitingClient } from './clients';

/** A file for a multipart part: its bytes and the name the service sees. */
export interface UploadFile {
  content: Blob;
  filename: string;
}

/** A multipart body: text fields first, then the file (race content reads the fields before the file). */
export function multipartForm(fields: Record<string, string>, file: UploadFile, fileField = 'file'): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append(fileField, file.content, file.filename);
  return form;
}

/**
 * Uploads a tab-separated candidate file to a recruiting project (`POST .../candidates/import/upload`): answers
 * the stored file's id, columns and suggested mapping, to execute the import with.
 */
export async function uploadCandidateFile(client: RecruitingClient, projectId: number, file: UploadFile) {
  const { data } = await client.POST('/api/v1/projects/{projectId}/candidates/import/upload', {
    params: { path: { projectId } },
    body: multipartForm({}, file) as never,
  });
  return data!.data;
}

/** Uploads an image or video to race content (`POST /v1/medias`): answers the media with its presigned URL. */
export async function uploadMedia(client: RaceContentClient, media: { name: string; mimeType: 'image' | 'video' } & UploadFile) {
  const { data } = await client.POST('/v1/medias', {
    body: multipartForm({ name: media.name, mime_type: media.mimeType }, media) as never,
  });
  return data!;
}
